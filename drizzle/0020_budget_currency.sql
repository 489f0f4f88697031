-- Budgets gain a currency and are kept in minor units: answers saved as whole US dollars
-- ({ min, max, hardLimit }) become { currency: 'USD', minAmount, maxAmount, hardLimit } in cents.
UPDATE "preferences"
SET "data" = jsonb_set(
  "data",
  '{budget}',
  jsonb_build_object(
    'currency', 'USD',
    'minAmount', (coalesce(("data" -> 'budget' ->> 'min')::numeric, 0) * 100)::bigint,
    'maxAmount', (("data" -> 'budget' ->> 'max')::numeric * 100)::bigint,
    'hardLimit', coalesce(("data" -> 'budget' ->> 'hardLimit')::boolean, false)
  )
)
WHERE jsonb_typeof("data" -> 'budget') = 'object'
  AND NOT ("data" -> 'budget' ? 'maxAmount')
  AND ("data" -> 'budget' ? 'max');
