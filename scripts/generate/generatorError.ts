/** A command the generator refuses, with a message naming the problem (printed without a stack trace). */
export class GeneratorError extends Error {}
