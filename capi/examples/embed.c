/* A C compiler embedding gas through its C API (gas-c/Gas.h) and MLIR's:
 * its own context and diagnostic handler, LLVM IR read in process, one pass
 * manager running a textual pipeline of gas's passes and MLIR's (gas's
 * registered by name, like MLIR's), LLVM IR written back.
 *
 *   embed-c PIPELINE FILE.ll > OUT.ll
 *   embed-c 'builtin.module(gas-raise,gas-propagate,gas-lower,any(canonicalize,cse))' k.ll
 *
 * prints what `gas-opt --pass-pipeline PIPELINE --emit llvm-ir FILE.ll`
 * prints. Exit status 1 on any error (reported with its location). */

#include "gas-c/Gas.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Transforms.h"

#include <stdio.h>
#include <stdlib.h>

static void printTo(MlirStringRef text, void *stream) {
  fwrite(text.data, 1, text.length, (FILE *)stream);
}

/* Every diagnostic on stderr, at `file:line:col` where it has one. */
static MlirLogicalResult report(MlirDiagnostic diagnostic, void *userData) {
  (void)userData;
  MlirLocation location = mlirDiagnosticGetLocation(diagnostic);
  fputs("embed-c: ", stderr);
  if (mlirLocationIsAFileLineColRange(location)) {
    printTo(mlirIdentifierStr(
                mlirLocationFileLineColRangeGetFilename(location)),
            stderr);
    fprintf(stderr, ":%d:%d",
            mlirLocationFileLineColRangeGetStartLine(location),
            mlirLocationFileLineColRangeGetStartColumn(location));
  } else {
    mlirLocationPrint(location, printTo, stderr);
  }
  switch (mlirDiagnosticGetSeverity(diagnostic)) {
  case MlirDiagnosticError:
    fputs(": error: ", stderr);
    break;
  case MlirDiagnosticWarning:
    fputs(": warning: ", stderr);
    break;
  default:
    fputs(": note: ", stderr);
    break;
  }
  mlirDiagnosticPrint(diagnostic, printTo, stderr);
  fputc('\n', stderr);
  return mlirLogicalResultSuccess();
}

/* The whole file, or NULL. */
static char *readFile(const char *path, size_t *length) {
  FILE *file = fopen(path, "rb");
  if (!file)
    return NULL;
  size_t capacity = 1 << 16, used = 0, got;
  char *bytes = malloc(capacity);
  while (bytes && (got = fread(bytes + used, 1, capacity - used, file)) > 0) {
    used += got;
    if (used == capacity) {
      char *grown = realloc(bytes, capacity *= 2);
      if (!grown)
        free(bytes);
      bytes = grown;
    }
  }
  fclose(file);
  *length = used;
  return bytes;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fputs("usage: embed-c PIPELINE FILE.ll\n", stderr);
    return 2;
  }
  size_t length = 0;
  char *bytes = readFile(argv[2], &length);
  if (!bytes) {
    fprintf(stderr, "embed-c: cannot read %s\n", argv[2]);
    return 1;
  }

  /* Passes are registered once per process, gas's next to MLIR's. */
  gasRegisterPasses();
  mlirRegisterTransformsPasses();

  MlirContext context = mlirContextCreate();
  mlirContextAttachDiagnosticHandler(context, report, NULL, NULL);
  int status = 1;
  GasLLVMSource source = {NULL};
  MlirModule module = {NULL};
  MlirPassManager manager = mlirPassManagerCreate(context);
  if (mlirLogicalResultIsFailure(gasLoadDialect(context)))
    goto done;

  source = gasLLVMSourceParse(context, mlirStringRefCreate(bytes, length),
                              mlirStringRefCreateFromCString(argv[2]));
  if (gasLLVMSourceIsNull(source))
    goto done;
  module = gasLLVMSourceImport(source, context);
  if (mlirModuleIsNull(module))
    goto done;

  if (mlirLogicalResultIsFailure(mlirParsePassPipeline(
          mlirPassManagerGetAsOpPassManager(manager),
          mlirStringRefCreateFromCString(argv[1]), printTo, stderr))) {
    fputc('\n', stderr);
    goto done;
  }
  if (mlirLogicalResultIsFailure(
          mlirPassManagerRunOnOp(manager, mlirModuleGetOperation(module))))
    goto done;
  if (mlirLogicalResultIsFailure(
          gasExportLLVMIR(module, source, false, printTo, stdout)))
    goto done;
  status = 0;

done:
  mlirPassManagerDestroy(manager);
  if (!mlirModuleIsNull(module))
    mlirModuleDestroy(module);
  gasLLVMSourceDestroy(source);
  mlirContextDestroy(context);
  free(bytes);
  return status;
}
