import { describe, it, expect } from 'vitest';
import {
  BEAD_ROUND_1_SECTIONS,
  INELIGIBLE_TECHNOLOGY_TYPES,
  TECHNOLOGY_TYPES,
  type SeedQuestion,
} from '../../api/seed/question-bank';

// Every system number in /work/shared/question-bank.md, in bank order.
const BANK_SYSTEM_NOS: readonly string[] = [
  // 1. Entity Information
  '1', '2', '2.1', '3', '4', '5', '6', '7', '8', '9', '9.1', '10', '11', '12', '13', '13.1',
  '14', '15', '16', '17', '18', '19',
  // 2. Project Area & Locations
  '179', '21', '22', '23', '23.1', '24', '25',
  // 3. Technology & Network Design
  '30', '31', '32', '33', '34', '34.1', '35',
  // 4. Budget & Match
  '26', '27', '28', '29',
  // 5. Financial Capability
  '40', '41', '41.1', '42', '43', '43.1', '45', '46',
  // 6. Managerial & Operational Capability
  '50', '51', '52', '53', '53.1',
  // 7. Labor & Workforce
  '60', '61', '62', '63',
  // 8. Affordability & Deployment
  '70', '71', '72', '74', '75', '76',
  // 9. Compliance & Certifications
  '80', '81', '82', '83', '84', '85', '86',
];

const SPECIAL_SYSTEM_NOS: readonly string[] = [
  '1', '2.1', '3', '21', '22', '23.1', '24', '25', '26', '27', '45', '74', '179',
];

const allQuestions: SeedQuestion[] = BEAD_ROUND_1_SECTIONS.flatMap((s) => s.questions);
const bySystemNo = (no: string): SeedQuestion | undefined => allQuestions.find((q) => q.systemNo === no);

describe('BEAD Round 1 question bank', () => {
  it('has nine sections with unique slugs, the first being the entity profile', () => {
    expect(BEAD_ROUND_1_SECTIONS).toHaveLength(9);
    const slugs = BEAD_ROUND_1_SECTIONS.map((s) => s.slug);
    expect(new Set(slugs).size).toBe(9);
    expect(BEAD_ROUND_1_SECTIONS[0]?.isEntityProfile).toBe(true);
    expect(BEAD_ROUND_1_SECTIONS.filter((s) => s.isEntityProfile)).toHaveLength(1);
  });

  it('contains every system number of the bank exactly once, in bank order', () => {
    const seen = allQuestions.map((q) => q.systemNo);
    for (const no of BANK_SYSTEM_NOS) {
      expect(seen.filter((s) => s === no), `system number ${no}`).toHaveLength(1);
    }
    expect(seen).toEqual([...BANK_SYSTEM_NOS]);
  });

  it('has the special system numbers', () => {
    for (const no of SPECIAL_SYSTEM_NOS) {
      expect(bySystemNo(no), `system number ${no}`).toBeDefined();
    }
  });

  it('gives every Table columns', () => {
    const tables = allQuestions.filter((q) => q.type === 'Table');
    expect(tables.length).toBeGreaterThan(0);
    for (const t of tables) {
      expect(t.columns?.length ?? 0, `table ${t.systemNo}`).toBeGreaterThan(0);
    }
  });

  it('points every conditional question at a question in the same section', () => {
    for (const section of BEAD_ROUND_1_SECTIONS) {
      const nos = new Set(section.questions.map((q) => q.systemNo));
      for (const q of section.questions) {
        if (q.dependentSystemNo === undefined) continue;
        expect(nos.has(q.dependentSystemNo), `${q.systemNo} depends on ${q.dependentSystemNo}`).toBe(true);
        expect(q.dependentResponseValue, `${q.systemNo} dependentResponseValue`).toBeTruthy();
      }
    }
  });

  it('has six technology types with DSL ineligible', () => {
    expect(TECHNOLOGY_TYPES).toHaveLength(6);
    expect(INELIGIBLE_TECHNOLOGY_TYPES).toEqual(['DSL or other copper']);
    for (const t of INELIGIBLE_TECHNOLOGY_TYPES) expect(TECHNOLOGY_TYPES).toContain(t);
    expect(bySystemNo('24')?.options).toEqual([...TECHNOLOGY_TYPES]);
  });
});
