#ifndef COMPD_CRSVG_SHIM_H
#define COMPD_CRSVG_SHIM_H
// librsvg renders an SVG document into a cairo image surface, which cairo writes as PNG.
// One C function keeps GError and cairo's objects on this side of the bridge.
#include <cairo.h>
#include <librsvg/rsvg.h>
#include <string.h>

/// Renders the SVG `svg` (`length` bytes) into a `width` × `height` pixel PNG at `path`,
/// the document's viewBox scaled to fill it. Returns NULL on success, else a message to
/// release with compd_rsvg_free.
static inline char *compd_rsvg_render_png(const char *svg, unsigned long length, int width,
                                          int height, const char *path) {
  GError *error = NULL;
  RsvgHandle *handle = rsvg_handle_new_from_data((const guint8 *)svg, length, &error);
  if (handle == NULL) {
    char *message = g_strdup(error != NULL ? error->message : "librsvg could not read the SVG");
    if (error != NULL) g_error_free(error);
    return message;
  }
  cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
  if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
    char *message = g_strdup(cairo_status_to_string(cairo_surface_status(surface)));
    cairo_surface_destroy(surface);
    g_object_unref(handle);
    return message;
  }
  cairo_t *context = cairo_create(surface);
  RsvgRectangle viewport = {0, 0, (double)width, (double)height};
  char *message = NULL;
  if (!rsvg_handle_render_document(handle, context, &viewport, &error)) {
    message = g_strdup(error != NULL ? error->message : "librsvg could not draw the SVG");
    if (error != NULL) g_error_free(error);
  }
  cairo_destroy(context);
  if (message == NULL) {
    cairo_status_t status = cairo_surface_write_to_png(surface, path);
    if (status != CAIRO_STATUS_SUCCESS) message = g_strdup(cairo_status_to_string(status));
  }
  cairo_surface_destroy(surface);
  g_object_unref(handle);
  return message;
}

/// Releases a message from compd_rsvg_render_png.
static inline void compd_rsvg_free(char *message) { g_free(message); }
#endif
