// Every test file sees the shipped games registered, as every entry point of the package does by
// importing src/games/index.ts (a test may import a generic module, src/env/registry.ts say, alone).
import '../../src/games/index.js';
