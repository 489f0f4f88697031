import { z } from "zod";

// Runs in the browser before any of the app's code. zod compiles validators with `Function` when
// it may, and decides so when a schema is built; our Content-Security-Policy forbids eval, so its
// probe would be reported as a violation. Libraries that build their schemas when loaded (the
// assistant panel's chat library) load after this. The server side is set in lib/schemas/text.ts.
z.config({ jitless: true });
