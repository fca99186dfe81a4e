/* Leak check for libgas.so (run under valgrind by tests/embedding/c-api.sh):
 * loads the library as a pass plugin twice (dlopen, as `mlir-opt
 * --load-pass-plugin` does) and registers its passes from both handles, then
 * compiles FILE.ll ROUNDS times, each round in a fresh context with its own
 * pass manager, freeing everything; every round must print the same bytes.
 *
 *   repeat LIBGAS PIPELINE FILE.ll ROUNDS */

#include "gas-c/Gas.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Transforms.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* MLIR's PassPluginLibraryInfo (mlir/Tools/Plugins/PassPlugin.h). */
typedef struct {
  unsigned apiVersion;
  const char *pluginName;
  const char *pluginVersion;
  void (*registerPassRegistryCallbacks)(void);
} PluginInfo;

typedef struct {
  char *data;
  size_t length;
} Buffer;

static void append(MlirStringRef text, void *userData) {
  Buffer *buffer = userData;
  char *grown = realloc(buffer->data, buffer->length + text.length + 1);
  if (!grown)
    abort();
  memcpy(grown + buffer->length, text.data, text.length);
  buffer->data = grown;
  buffer->length += text.length;
}

static void toStderr(MlirStringRef text, void *userData) {
  (void)userData;
  fwrite(text.data, 1, text.length, stderr);
}

/* One compilation in its own context; the LLVM IR in `out`. */
static int compileOnce(const char *pipeline, const char *path,
                       MlirStringRef bytes, Buffer *out) {
  MlirContext context = mlirContextCreate();
  MlirPassManager manager = mlirPassManagerCreate(context);
  GasLLVMSource source = {NULL};
  MlirModule module = {NULL};
  int ok = mlirLogicalResultIsSuccess(gasLoadDialect(context));
  if (ok) {
    source = gasLLVMSourceParse(context, bytes,
                                mlirStringRefCreateFromCString(path));
    ok = !gasLLVMSourceIsNull(source);
  }
  if (ok) {
    module = gasLLVMSourceImport(source, context);
    ok = !mlirModuleIsNull(module);
  }
  ok = ok && mlirLogicalResultIsSuccess(mlirParsePassPipeline(
                 mlirPassManagerGetAsOpPassManager(manager),
                 mlirStringRefCreateFromCString(pipeline), toStderr, NULL));
  ok = ok && mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(
                 manager, mlirModuleGetOperation(module)));
  ok = ok && mlirLogicalResultIsSuccess(
                 gasExportLLVMIR(module, source, false, append, out));
  mlirPassManagerDestroy(manager);
  if (!mlirModuleIsNull(module))
    mlirModuleDestroy(module);
  gasLLVMSourceDestroy(source);
  mlirContextDestroy(context);
  return ok;
}

int main(int argc, char **argv) {
  if (argc != 5) {
    fputs("usage: repeat LIBGAS PIPELINE FILE.ll ROUNDS\n", stderr);
    return 2;
  }
  const char *library = argv[1], *pipeline = argv[2], *path = argv[3];
  int rounds = atoi(argv[4]);

  /* The plugin loaded twice, its passes registered from both handles. */
  void *handles[2];
  for (int i = 0; i < 2; ++i) {
    handles[i] = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (!handles[i]) {
      fprintf(stderr, "repeat: %s\n", dlerror());
      return 1;
    }
    PluginInfo (*info)(void) =
        (PluginInfo(*)(void))dlsym(handles[i], "mlirGetPassPluginInfo");
    if (!info || info().apiVersion != 1) {
      fputs("repeat: no MLIR pass plugin entry point\n", stderr);
      return 1;
    }
    info().registerPassRegistryCallbacks();
  }
  mlirRegisterTransformsPasses();

  FILE *file = fopen(path, "rb");
  if (!file) {
    fprintf(stderr, "repeat: cannot read %s\n", path);
    return 1;
  }
  Buffer input = {NULL, 0};
  char chunk[1 << 16];
  size_t got;
  while ((got = fread(chunk, 1, sizeof chunk, file)) > 0)
    append(mlirStringRefCreate(chunk, got), &input);
  fclose(file);

  int status = 0;
  Buffer first = {NULL, 0};
  for (int round = 0; round < rounds && status == 0; ++round) {
    Buffer out = {NULL, 0};
    if (!compileOnce(pipeline, path, mlirStringRefCreate(input.data,
                                                         input.length), &out))
      status = 1;
    else if (round == 0)
      first = out, out.data = NULL;
    else if (out.length != first.length ||
             memcmp(out.data, first.data, out.length) != 0) {
      fprintf(stderr, "repeat: round %d printed other bytes\n", round);
      status = 1;
    }
    free(out.data);
  }
  if (status == 0)
    printf("repeat: %d rounds, %zu bytes each\n", rounds, first.length);
  free(first.data);
  free(input.data);
  for (int i = 0; i < 2; ++i)
    dlclose(handles[i]);
  return status;
}
