/** The parts of nlp.js the offline assistant uses (the packages ship no types). */
declare module "@nlpjs/core" {
  export type Container = { use(plugin: unknown): void };
  export function containerBootstrap(): Promise<Container>;
}
declare module "@nlpjs/lang-en-min" {
  export const LangEn: unknown;
}
declare module "@nlpjs/nlu" {
  import type { Container } from "@nlpjs/core";
  export const NluNeural: unknown;
  export class NluManager {
    constructor(settings: {
      container: Container;
      locales: string[];
      trainByDomain?: boolean;
      nluByDomain?: Record<string, { className: string; settings?: Record<string, unknown> }>;
      spellCheck?: boolean;
    });
    add(locale: string, utterance: string, intent: string): void;
    train(settings?: { log?: boolean }): Promise<unknown>;
    process(
      locale: string,
      utterance: string,
      domain?: string,
      settings?: Record<string, unknown>,
    ): Promise<{ classifications?: { intent: string; score: number }[] }>;
  }
}
