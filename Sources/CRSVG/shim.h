#ifndef COMPD_CRSVG_SHIM_H
#define COMPD_CRSVG_SHIM_H
// librsvg renders an SVG document into a cairo image surface, which cairo writes as PNG.
// librsvg is opened when a PNG is asked for (dlopen), not linked: every other use of
// compctl starts without loading it and the thirty libraries it brings, and building
// needs no development headers. One C function keeps GError and cairo's objects on this
// side of the bridge.
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The declarations of glib, cairo and librsvg used here, as their stable ABIs define
// them: GError (glib's gerror.h), RsvgRectangle (rsvg.h), CAIRO_FORMAT_ARGB32 and
// CAIRO_STATUS_SUCCESS (cairo.h), all unchanged since librsvg 2.46 and cairo 1.0.
typedef struct {
  unsigned int domain;
  int code;
  char *message;
} compd_gerror;
typedef struct {
  double x, y, width, height;
} compd_rsvg_rectangle;
enum { compd_cairo_format_argb32 = 0, compd_cairo_status_success = 0 };

/// Renders the SVG `svg` (`length` bytes) into a `width` × `height` pixel PNG at `path`,
/// the document's viewBox scaled to fill it, with the librsvg shared library `library`
/// (e.g. "librsvg-2.so.2"; cairo and glib are found among its dependencies). Returns
/// NULL on success, else a message to release with compd_rsvg_free.
static inline char *compd_rsvg_render_png(const char *library, const char *svg,
                                          unsigned long length, int width, int height,
                                          const char *path) {
  void *lib = dlopen(library, RTLD_NOW | RTLD_LOCAL);
  if (lib == NULL) {
    const char *reason = dlerror();
    char *message = (char *)malloc(512);
    if (message != NULL) {
      snprintf(message, 512, "PNG output needs librsvg (Debian: librsvg2-2): %s",
               reason != NULL ? reason : library);
    }
    return message;
  }
  void *(*handle_new_from_data)(const unsigned char *, unsigned long, compd_gerror **) =
      (void *(*)(const unsigned char *, unsigned long, compd_gerror **))dlsym(
          lib, "rsvg_handle_new_from_data");
  int (*render_document)(void *, void *, const compd_rsvg_rectangle *, compd_gerror **) =
      (int (*)(void *, void *, const compd_rsvg_rectangle *, compd_gerror **))dlsym(
          lib, "rsvg_handle_render_document");
  void (*error_free)(compd_gerror *) = (void (*)(compd_gerror *))dlsym(lib, "g_error_free");
  void (*object_unref)(void *) = (void (*)(void *))dlsym(lib, "g_object_unref");
  void *(*surface_create)(int, int, int) =
      (void *(*)(int, int, int))dlsym(lib, "cairo_image_surface_create");
  int (*surface_status)(void *) = (int (*)(void *))dlsym(lib, "cairo_surface_status");
  void (*surface_destroy)(void *) = (void (*)(void *))dlsym(lib, "cairo_surface_destroy");
  const char *(*status_to_string)(int) =
      (const char *(*)(int))dlsym(lib, "cairo_status_to_string");
  void *(*context_create)(void *) = (void *(*)(void *))dlsym(lib, "cairo_create");
  void (*context_destroy)(void *) = (void (*)(void *))dlsym(lib, "cairo_destroy");
  int (*write_to_png)(void *, const char *) =
      (int (*)(void *, const char *))dlsym(lib, "cairo_surface_write_to_png");
  if (!handle_new_from_data || !render_document || !error_free || !object_unref ||
      !surface_create || !surface_status || !surface_destroy || !status_to_string ||
      !context_create || !context_destroy || !write_to_png) {
    dlclose(lib);
    return strdup("the librsvg found lacks rsvg_handle_render_document (librsvg 2.46 or "
                  "newer is needed)");
  }
  compd_gerror *error = NULL;
  void *handle = handle_new_from_data((const unsigned char *)svg, length, &error);
  if (handle == NULL) {
    char *message = strdup(error != NULL ? error->message : "librsvg could not read the SVG");
    if (error != NULL) error_free(error);
    return message;
  }
  void *surface = surface_create(compd_cairo_format_argb32, width, height);
  if (surface_status(surface) != compd_cairo_status_success) {
    char *message = strdup(status_to_string(surface_status(surface)));
    surface_destroy(surface);
    object_unref(handle);
    return message;
  }
  void *context = context_create(surface);
  compd_rsvg_rectangle viewport = {0, 0, (double)width, (double)height};
  char *message = NULL;
  if (!render_document(handle, context, &viewport, &error)) {
    message = strdup(error != NULL ? error->message : "librsvg could not draw the SVG");
    if (error != NULL) error_free(error);
  }
  context_destroy(context);
  if (message == NULL) {
    int status = write_to_png(surface, path);
    if (status != compd_cairo_status_success) message = strdup(status_to_string(status));
  }
  surface_destroy(surface);
  object_unref(handle);
  // librsvg stays loaded: glib's type system cannot be unloaded.
  return message;
}

/// Releases a message from compd_rsvg_render_png.
static inline void compd_rsvg_free(char *message) { free(message); }
#endif
