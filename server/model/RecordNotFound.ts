/** Thrown by `find(id)` when no row matches; served as 404 NOT_FOUND without any `@rescue`. */
export class RecordNotFound extends Error {
  override readonly name = 'RecordNotFound';

  constructor(
    readonly modelName: string,
    readonly id: unknown,
  ) {
    super(`${modelName} not found`);
  }
}
