import unhomoglyph from "unhomoglyph";

/**
 * Display names must be told apart at a glance within a trip: "Оwner" (Cyrillic О) next to
 * "Owner", "Ｓam" next to "Sam" or "SAM" next to "Sam" would let one member pass for
 * another. Two names clash when their skeletons match: compatibility-normalised, lower
 * case, spaces collapsed, and every look-alike character mapped to one representative
 * (Unicode's confusables table, via unhomoglyph).
 */
export function nameSkeleton(name: string): string {
  return unhomoglyph(name.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim()).toLowerCase();
}

/** The existing name a new one would be confused with, if any. */
export function confusableName(name: string, existing: readonly string[]): string | undefined {
  const skeleton = nameSkeleton(name);
  return existing.find((other) => nameSkeleton(other) === skeleton);
}
