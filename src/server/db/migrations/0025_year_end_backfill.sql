-- Distributions stored before the wage base existed: their W-2 box 3 and 5 wages are their gross
-- payroll when the person was a W2 employee (no one was a minister yet, and nothing was capped).
UPDATE "distributions" SET "social_security_wages" = "gross_payroll", "medicare_wages" = "gross_payroll"
  WHERE "tax_status" = 'W2';--> statement-breakpoint
-- The 2026 tax figures (docs/tax.md names the sources): the Social Security wage base $184,500, the
-- 1099-NEC threshold $2,000 and the 403(b) elective deferral limit $24,500.
INSERT INTO "tax_years" ("year", "social_security_wage_base", "nec_threshold", "elective_deferral_limit")
  VALUES (2026, 184500.00, 2000.00, 24500.00) ON CONFLICT ("year") DO NOTHING;
