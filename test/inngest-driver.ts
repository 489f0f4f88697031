import { InngestTestEngine } from "@inngest/test";
import type { InngestFunction } from "inngest";

/**
 * Runs a real Inngest function the way the Inngest server does: one request per step.
 * Each request replays the handler with every finished step's memoized result; when the
 * handler reports steps it wants to run (several, for `Promise.all` branches), each is run
 * in a request of its own, one after another, and its result joins the memo.
 *
 * `InngestTestEngine.execute()` explores parallel branches by forking a chain per found
 * step from shared state, which grows exponentially with a wide graph and can run one
 * step twice; this driver keeps the server's model (each step once, in order of
 * discovery) and stays linear in the number of steps.
 */
type Memo = { id: string; idIsHashed: true; handler: () => unknown };
type Execution = {
  result:
    | { type: "function-resolved"; data: unknown }
    | { type: "function-rejected"; error: unknown }
    | { type: "steps-found"; steps: { id: string; displayName?: string }[] }
    | { type: "step-ran"; step: { id: string; data?: unknown; error?: unknown } }
    | { type: "step-not-found" | "change-mode" };
};

export async function driveInngestFunction(
  fn: InngestFunction.Any,
  event: { name: string; data: Record<string, unknown> },
  { maxRequests = 500 }: { maxRequests?: number } = {},
): Promise<{ result?: unknown; error?: unknown; requests: number }> {
  const engine = new InngestTestEngine({ function: fn, events: [event] });
  const memo: Memo[] = [];
  const request = (targetStepId?: string): Promise<Execution> =>
    (
      engine as unknown as {
        individualExecution(opts: object): Promise<Execution>;
      }
    ).individualExecution({ steps: [...memo], disableImmediateExecution: true, targetStepId });
  const remember = (step: { id: string; data?: unknown; error?: unknown }) =>
    memo.push({
      id: step.id,
      idIsHashed: true,
      handler: () => {
        if (step.error) throw step.error;
        return step.data;
      },
    });

  let requests = 0;
  while (requests < maxRequests) {
    requests++;
    const { result } = await request();
    if (result.type === "function-resolved") return { result: result.data, requests };
    if (result.type === "function-rejected") return { error: result.error, requests };
    if (result.type === "step-ran") {
      if (result.step.error) return { error: result.step.error, requests };
      remember(result.step);
      continue;
    }
    if (result.type !== "steps-found") throw new Error(`Unexpected checkpoint ${result.type}`);
    for (const found of result.steps) {
      requests++;
      const ran = (await request(found.id)).result;
      if (ran.type !== "step-ran") throw new Error(`Step ${found.displayName ?? found.id} didn't run (${ran.type})`);
      if (ran.step.error) return { error: ran.step.error, requests };
      remember(ran.step);
    }
  }
  throw new Error(`The function didn't finish within ${maxRequests} requests`);
}
