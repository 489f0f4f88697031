import { it } from "vitest";
import { withTestDatabase } from "@/test/db";
import { runRow, understandingTrip, type Row } from "./assistant-understanding";
withTestDatabase();
const ROWS: Row[] = JSON.parse(process.env.ROWS ?? "[]");
it("debug", { timeout: 300_000 }, async () => {
  const trip = await understandingTrip();
  for (const row of ROWS) {
    const { misses, answer } = await runRow(trip, row);
    console.log(`>>> ${row.who}: ${row.say}\n${answer.text}\n${answer.tools.map((t) => `${t.name} ${JSON.stringify(t.input)} => ${JSON.stringify((t as {output?: unknown}).output ?? "").slice(0, 300)}`).join("\n")}\nMISSES ${misses.join(" | ")}`);
  }
  trip.restore();
});
