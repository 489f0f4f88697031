import { it } from "vitest";
import "@/lib/assistant/registry";
import { classify } from "@/lib/ai/offline/understanding";
it("try", async () => {
  for (const s of (process.env.SAY ?? "").split("|")) {
    const c = await classify(s); console.log(s, "→", c.slice(0,3).map(x=>`${x.intent} ${x.score.toFixed(2)}`).join(", "));
  }
});
