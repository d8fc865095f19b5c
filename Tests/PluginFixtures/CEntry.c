// A C entry point standing in for plugins that misbehave before any Swift code runs.
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

#ifndef NO_ENTRY
const char *compd_plugin_entry(int32_t request, void *registrar) {
  (void)registrar;
#if defined(CRASH)
  if (request == 0) { volatile int *p = 0; *p = 1; }
#elif defined(HANG)
  if (request == 0) { for (;;) pause(); }
#elif defined(CHATTY)
  printf("garbage that must not reach the manifest\n");
  fflush(stdout);
#endif
  (void)request;
  return "ScreenKit 0.0.0; Swift 1.0; interface 0000000000000000";
}
#else
int some_other_symbol(void) { return 1; }
#endif
