/**
 * Modules that only declare (schemas, constants, functions), so importing one runs nothing:
 * `src/api`. The bundler leaves out whole such a module that a page imports through its door and
 * does not use (`treeshake.moduleSideEffects`), and the overlay's shared chunk takes one in only
 * as a dependency of what the page uses (`overlaySharedChunk`).
 */
export function declaresOnly(id: string): boolean {
  return /[\\/]src[\\/]api[\\/]/.test(id);
}
