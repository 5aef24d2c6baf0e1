// The answers of the demo data (issue 9 item 23): every submitted application answers every question of the
// question bank with a valid answer of its type, conditional questions consistent with what they hang on
// (23 Yes, 34 under 100 ms, 41 Yes, 43 at 25 % or more, 53 No: none of their follow-ups shows), amounts that
// add up (29's rows make 26; 27 + 28 = 26; 46's rows make 45 = 27), and a PDF for each File question.
// tests/api/seed.test.ts checks them with the same validation the API runs on a submit.
import type { AddressValue, AnswerValue, TableRow } from '../../domain/questions';
import { formatCalendarDay } from '../../domain/validation';

const DAY = 24 * 60 * 60 * 1000;

export type DemoOrganization = 'lakeview' | 'summit' | 'oldmill';

/** A US calendar date (MM/DD/YYYY) of a moment, as the form's Date questions hold it. */
export function usDate(at: Date): string {
  return formatCalendarDay({ y: at.getUTCFullYear(), m: at.getUTCMonth() + 1, d: at.getUTCDate() });
}

const PROFILES: Record<DemoOrganization, {
  dba: string; programmes: string[]; entityType: string; address: AddressValue; uei: string; frn: string; ein: string; website: string;
  contact: [name: string, title: string, email: string, phone: string];
  representative: [name: string, title: string, email: string, phone: string];
  years: string; owners: TableRow[];
}> = {
  lakeview: {
    dba: 'Lakeview Fiber',
    programmes: ['RDOF', 'State broadband grant'],
    entityType: 'Cooperative',
    address: { country: 'United States', street_address_1: '410 Harbor Road', city: 'Lakeview', state: 'Wisconsin', zip: '53901', zip_4: '2210' },
    uei: 'LKVF12345678',
    frn: '0023456781',
    ein: '391234567',
    website: 'https://lakeviewfiber.example.org',
    contact: ['Olivia Admin', 'Grants Manager', 'org.admin@example.org', '6085550101'],
    representative: ['Margit Lindqvist', 'Board President', 'board@lakeviewfiber.example.org', '6085550110'],
    years: '14',
    owners: [{ owner_name: 'Lakeview Fiber Cooperative members (1,840 member-owners)', 'ownership_%': '100', address: '410 Harbor Road, Lakeview, WI 53901' }],
  },
  summit: {
    dba: 'Summit Rural',
    programmes: ['USDA ReConnect', '(E-)ACAM'],
    entityType: 'Corporation',
    address: { country: 'United States', street_address_1: '12 Ridge Street', city: 'Summit', state: 'Wisconsin', zip: '54555' },
    uei: 'SMRT98765432',
    frn: '0019876543',
    ein: '396543210',
    website: 'https://summitrural.example.org',
    contact: ['Sam Summit', 'Chief Operating Officer', 'summit.admin@example.org', '6085550103'],
    representative: ['Dana Whitfield', 'Chief Executive Officer', 'ceo@summitrural.example.org', '6085550120'],
    years: '62',
    owners: [
      { owner_name: 'Whitfield Family Trust', 'ownership_%': '55', address: '12 Ridge Street, Summit, WI 54555' },
      { owner_name: 'Northwoods Telecom Holdings', 'ownership_%': '45', address: '900 Main Street, Wausau, WI 54401' },
    ],
  },
  oldmill: {
    dba: 'Old Mill Wireless',
    programmes: ['State broadband grant'],
    entityType: 'LLC',
    address: { country: 'United States', street_address_1: '3 Mill Race Lane', city: 'Millbrook', state: 'Wisconsin', zip: '54817' },
    uei: 'OMWL24681357',
    frn: '0031415926',
    ein: '397654321',
    website: 'https://oldmillwireless.example.org',
    contact: ['Owen Miller', 'Managing Member', 'oldmill.admin@example.org', '6085550130'],
    representative: ['Owen Miller', 'Managing Member', 'oldmill.admin@example.org', '6085550130'],
    years: '9',
    owners: [{ owner_name: 'Owen Miller', 'ownership_%': '100', address: '3 Mill Race Lane, Millbrook, WI 54817' }],
  },
};

/** An organization's entity profile, by system number (1 and 3 are the organization record's). */
export function demoProfileAnswers(org: DemoOrganization, legalName: string, organizationId: string): [string, AnswerValue][] {
  const p = PROFILES[org];
  return [
    ['1', legalName], ['2', p.dba], ['2.1', p.programmes], ['3', organizationId], ['4', p.entityType], ['5', p.address],
    ['6', p.uei], ['7', p.frn], ['8', p.ein], ['9', p.website],
    ['10', p.contact[0]], ['11', p.contact[1]], ['12', p.contact[2]], ['13', p.contact[3]],
    ['14', p.representative[0]], ['15', p.representative[1]], ['16', p.representative[2]], ['17', p.representative[3]],
    ['18', p.years], ['19', p.owners],
  ];
}

/** The File questions of the bank and the document each demo application attaches. */
export const DEMO_FILES: readonly { systemNo: string; name: string; title: string }[] = [
  { systemNo: '31', name: 'network-diagram', title: 'Network diagram' },
  { systemNo: '40', name: 'audited-financial-statements', title: 'Audited financial statements, last three years' },
  { systemNo: '42', name: 'letter-of-credit-commitment', title: 'Letter of credit commitment letter' },
  { systemNo: '50', name: 'key-personnel-resumes', title: 'Resumes of key management personnel' },
  { systemNo: '51', name: 'organizational-chart', title: 'Organizational chart' },
  { systemNo: '80', name: 'cybersecurity-plan', title: 'Cybersecurity risk management plan' },
  { systemNo: '81', name: 'supply-chain-risk-plan', title: 'Supply-chain risk management plan' },
];

export interface DemoApplication {
  id: string;
  /** Its place in the seed (varies the amounts). */
  index: number;
  areaName: string;
  caiCount: number;
  technologyType: string;
  submittedAt: Date;
  legalName: string;
  /** Another demo application of the organization this one shares middle mile with (84). */
  related?: { id: string; areaName: string };
}

const amount = (n: number): string => String(Math.round(n));

/** Every answer but the files (DEMO_FILES) of a submitted application, by system number. */
export function demoApplicationAnswers(app: DemoApplication): [string, AnswerValue][] {
  const total = 1_200_000 + app.index * 385_000;
  const match = Math.round(total * 0.3);
  const bead = total - match;
  const construction = Math.round(total * 0.62);
  const equipment = Math.round(total * 0.21);
  const engineering = Math.round(total * 0.09);
  const permitting = Math.round(total * 0.03);
  const administration = total - construction - equipment - engineering - permitting;
  const cash = Math.round(match * 0.8);
  const fiber = /fiber|cable/i.test(app.technologyType);
  const start = new Date(app.submittedAt.getTime() + 90 * DAY);
  const months = 18 + (app.index % 3) * 6;
  const end = new Date(start.getTime() + months * 30 * DAY);
  const committed = new Date(app.submittedAt.getTime() - 20 * DAY);
  return [
    ['179', app.id],
    ['21', app.areaName],
    ['23', 'Yes'],
    ['24', app.technologyType],
    ['25', String(app.caiCount)],
    ['30', `${app.legalName} will build ${app.technologyType.toLowerCase()} across ${app.areaName}: a ring of new middle-mile `
      + 'fibre between the two central offices, distribution along every county road of the area, and a drop to each unserved and '
      + 'underserved location. Construction runs in three phases, north to south, so that the first homes are lit within six months.'],
    ['32', fiber ? '1000' : '100'],
    ['33', fiber ? '1000' : '20'],
    ['34', fiber ? '8' : '35'],
    ['35', [
      { item: 'Optical line terminal', manufacturer: 'Calix', quantity: '4', unit_cost: '48000' },
      { item: 'Distribution cable, 144 count (per mile)', manufacturer: 'Corning', quantity: String(40 + app.index * 5), unit_cost: '9500' },
      { item: 'Optical network terminal', manufacturer: 'Nokia', quantity: String(600 + app.index * 45), unit_cost: '210' },
    ]],
    ['26', amount(total)],
    ['27', amount(match)],
    ['28', amount(bead)],
    ['29', [
      { category: 'Construction', description: 'Trenching, boring and aerial placement of the distribution network', amount: amount(construction) },
      { category: 'Equipment', description: 'Electronics, cabinets and customer premises equipment', amount: amount(equipment) },
      { category: 'Engineering', description: 'Design, staking and make-ready engineering', amount: amount(engineering) },
      { category: 'Permitting', description: 'Road, rail and environmental permits', amount: amount(permitting) },
      { category: 'Administration', description: 'Grant administration and compliance reporting', amount: amount(administration) },
    ]],
    ['41', 'Yes'],
    ['43', '25'],
    ['45', amount(match)],
    ['46', [
      { source: `${app.legalName} capital reserve`, type: 'Cash', amount: amount(cash), committed_on: usDate(committed) },
      { source: 'County right-of-way and pole attachments', type: 'In-kind', amount: amount(match - cash), committed_on: usDate(committed) },
    ]],
    ['52', 'The operations team has run the existing network for over a decade with a 24-hour network operations centre, '
      + 'two field crews and a contracted splicing partner; the same team will operate the new plant.'],
    ['53', 'No'],
    ['60', ['Certified']],
    ['61', 'Both'],
    ['62', 'Field technicians hold fibre optic installer certificates; new hires train with the regional technical college '
      + 'apprenticeship, and every contractor must show current OSHA 10 cards.'],
    ['63', [{ name: 'Badger Underground LLC', role: 'Directional boring', license_number: 'WI-UC-48213' }]],
    ['70', '65'],
    ['71', '30'],
    ['72', 'Yes'],
    ['74', String(months)],
    ['75', usDate(start)],
    ['76', usDate(end)],
    ['82', ['Certified']],
    ['83', app.index % 2 === 0 ? 'Complete' : 'In progress'],
    ...(app.related
      ? [['84', [{ application_number: app.related.id, project_area: app.related.areaName, relationship: 'Shared middle mile' }]] as [string, AnswerValue]]
      : []),
    ['85', ['Certified']],
    ['86', usDate(app.submittedAt)],
  ];
}

// ---------------------------------------------------------------------------------------------------------
// The uploaded documents: small real PDFs (one page of text) that any viewer opens.
// ---------------------------------------------------------------------------------------------------------

const pdfText = (s: string): string => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');

/** A one-page PDF (Helvetica, A4-ish Letter) with a title and lines of text. */
export function demoPdf(title: string, lines: readonly string[]): Buffer {
  const text = [
    'BT /F1 18 Tf 72 720 Td', `(${pdfText(title)}) Tj`, '/F1 11 Tf 0 -28 Td',
    ...lines.flatMap((line) => [`(${pdfText(line)}) Tj`, '0 -16 Td']), 'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** The document one demo application attaches to a File question. */
export function demoDocument(app: DemoApplication, file: (typeof DEMO_FILES)[number]): { fileName: string; body: Buffer } {
  return {
    fileName: `${app.id.toLowerCase()}-${file.name}.pdf`,
    body: demoPdf(file.title, [
      `Application ${app.id}: ${app.legalName}`,
      `Project area: ${app.areaName}`,
      `Technology: ${app.technologyType}`,
      `Prepared ${usDate(new Date(app.submittedAt.getTime() - 3 * DAY))} for BEAD Round 1 (demo data).`,
    ]),
  };
}
