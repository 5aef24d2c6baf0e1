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

/**
 * The questions the spec's special behaviour hangs on (spec 5 "Special questions", spec 9's list; question-bank.md's
 * rules), each with its section and what the bank fixes about it, written from question-bank.md.
 */
const SPECIAL_QUESTIONS: readonly [systemNo: string, section: string, expected: Partial<SeedQuestion>][] = [
  // Read-only 1/3/179 (the bank's rules line).
  ['1', 'Entity Information', { text: 'Legal name of the applicant', type: 'Text', readOnly: true }],
  // A multi-select checkbox group whose 'Not Applicable' disables the others.
  ['2.1', 'Entity Information', {
    type: 'Checkbox', multiple: true,
    options: ['RDOF', 'USDA ReConnect', 'Capital Projects Fund', 'ARPA SLFRF', '(E-)ACAM', 'State broadband grant', 'Not Applicable'],
  }],
  ['3', 'Entity Information', { text: 'Organization ID', type: 'Text', readOnly: true }],
  ['179', 'Project Area & Locations', { text: 'Application number', type: 'Text', readOnly: true }],
  // The project area, which fills 22.
  ['21', 'Project Area & Locations', { text: 'Project area', type: 'Dropdown', mandatory: true }],
  ['22', 'Project Area & Locations', {
    type: 'Table', readOnly: true,
    columns: [{ name: 'Unserved' }, { name: 'Underserved' }, { name: 'Served' }, { name: 'Community anchor institutions' }] as SeedQuestion['columns'],
  }],
  // Shown when 23 = No, mandatory then.
  ['23.1', 'Project Area & Locations', { type: 'Text', responseType: 'Multiline', mandatory: true, dependentSystemNo: '23', dependentResponseValue: 'No' }],
  // The read-only "Proposed Technology Type" dropdown.
  ['24', 'Project Area & Locations', { text: 'Proposed Technology Type', type: 'Dropdown', readOnly: true }],
  ['25', 'Project Area & Locations', { text: 'Community anchor institutions to be served', type: 'Text', responseType: 'Number', mandatory: true }],
  // 26 is the total project cost; 27 and 45 are checked against 25 % of it.
  ['26', 'Budget & Match', { text: 'Total project cost', type: 'Text', responseType: 'Currency', mandatory: true }],
  ['27', 'Budget & Match', { type: 'Text', responseType: 'Currency', mandatory: true, metadata: { percentOf: '26' } }],
  ['45', 'Financial Capability', { type: 'Text', responseType: 'Currency', mandatory: true, metadata: { percentOf: '26' } }],
  // At most 48 months.
  ['74', 'Affordability & Deployment', { text: 'Months to complete deployment', type: 'Text', responseType: 'Number', mandatory: true, metadata: { numericMax: 48 } }],
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

  it('has the special questions, each in its section with the type and rules the bank fixes', () => {
    expect(SPECIAL_QUESTIONS).toHaveLength(13);
    for (const [no, sectionName, expected] of SPECIAL_QUESTIONS) {
      const section = BEAD_ROUND_1_SECTIONS.find((s) => s.questions.some((q) => q.systemNo === no));
      expect(section?.name, `the section of system number ${no}`).toBe(sectionName);
      expect(bySystemNo(no), `system number ${no}`).toMatchObject(expected);
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
