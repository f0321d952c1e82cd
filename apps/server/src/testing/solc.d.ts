/** solc-js (the Solidity compiler as WebAssembly) ships no types: the one call the tests use. */
declare module 'solc' {
  /** Compiles a Standard JSON input (JSON text) and gives the Standard JSON output (JSON text). */
  export function compile(input: string): string;
  export function version(): string;
}
