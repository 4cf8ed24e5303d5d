/*
 * Just enough of zlib's interface for MiniSat's headers to compile.
 * utils/ParseUtils.h reads DIMACS through gzread, but the WebAssembly build
 * only uses the solver core, which never parses files: nothing here is ever
 * called, so nothing is defined and the linker would say so if it were.
 */
#ifndef PUZZLESAT_ZLIB_STUB_H
#define PUZZLESAT_ZLIB_STUB_H

typedef struct gzFile_s *gzFile;

#ifdef __cplusplus
extern "C" {
#endif
int gzread(gzFile file, void *buf, unsigned len);
#ifdef __cplusplus
}
#endif

#endif
