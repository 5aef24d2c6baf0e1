// Seed content for the "BEAD Round 1" programme: its nine sections and their questions.
// Source: /work/shared/question-bank.md (texts lightly polished; system numbers, types and
// rules are fixed because the spec's special behaviour in section 5 hangs on them).

import type { QuestionMetadata, QuestionType, TableColumnType, TextResponseType } from '../../domain/questions';

export type { QuestionType, TableColumnType, TextResponseType };

export interface SeedTableColumn {
  name: string;
  type: TableColumnType;
  options?: string[];
}

export interface SeedQuestion {
  systemNo: string;
  text: string;
  type: QuestionType;
  responseType?: TextResponseType;
  mandatory?: boolean;
  readOnly?: boolean;
  instructions?: string;
  placeholder?: string;
  options?: string[];
  multiple?: boolean;
  columns?: SeedTableColumn[];
  addMoreRows?: boolean;
  hasTotals?: boolean;
  hasTemplate?: boolean;
  templateFile?: string;
  minDate?: string;
  maxDate?: string;
  dependentSystemNo?: string;
  dependentResponseValue?: string;
  metadata?: QuestionMetadata;
}

export interface SeedSection {
  name: string;
  slug: string;
  isEntityProfile?: boolean;
  questions: SeedQuestion[];
}

/** The round's "Proposed Technology Type" choices, in the bank's order. */
import { INELIGIBLE_TECHNOLOGY_TYPES, TECHNOLOGY_TYPES } from '../../domain/technology';

export { INELIGIBLE_TECHNOLOGY_TYPES, TECHNOLOGY_TYPES };

const YES_NO: readonly string[] = ['Yes', 'No'];
const CERTIFIED: readonly string[] = ['Certified'];

const yesNo = (): string[] => [...YES_NO];
const certified = (): string[] => [...CERTIFIED];

const entityInformation: SeedSection = {
  name: 'Entity Information',
  slug: 'entity-information',
  isEntityProfile: true,
  questions: [
    {
      systemNo: '1',
      text: 'Legal name of the applicant',
      type: 'Text',
      readOnly: true,
      instructions: 'Taken from your organization record; contact the broadband office if it is wrong.',
    },
    {
      systemNo: '2',
      text: 'Doing-business-as name',
      type: 'Text',
      mandatory: false,
      instructions: 'Leave empty if the entity does not trade under another name.',
      metadata: { condition: 'max', validation_length: 120 },
    },
    {
      systemNo: '2.1',
      text: 'Public broadband programmes the entity or its affiliates have taken part in',
      type: 'Checkbox',
      multiple: true,
      mandatory: false,
      instructions: "Select every programme that applies, or 'Not Applicable' if none do.",
      options: [
        'RDOF',
        'USDA ReConnect',
        'Capital Projects Fund',
        'ARPA SLFRF',
        '(E-)ACAM',
        'State broadband grant',
        'Not Applicable',
      ],
    },
    {
      systemNo: '3',
      text: 'Organization ID',
      type: 'Text',
      readOnly: true,
    },
    {
      systemNo: '4',
      text: 'Entity type',
      type: 'Dropdown',
      mandatory: true,
      placeholder: 'Select entity type',
      options: [
        'Corporation',
        'LLC',
        'Cooperative',
        'Partnership',
        'Local government',
        'Tribal government or entity',
        'Public utility district',
        'Non-profit',
        'Other',
      ],
    },
    {
      systemNo: '5',
      text: 'Principal business address',
      type: 'Address',
      mandatory: true,
    },
    {
      systemNo: '6',
      text: 'Unique Entity Identifier (UEI)',
      type: 'Text',
      mandatory: true,
      instructions: 'The 12-character identifier assigned by SAM.gov.',
      placeholder: '12 characters',
      metadata: { condition: 'exact', validation_length: 12 },
    },
    {
      systemNo: '7',
      text: 'FCC Registration Number (FRN)',
      type: 'Text',
      mandatory: true,
      instructions: 'The 10-digit number from the FCC Commission Registration System (CORES).',
      placeholder: '10 digits',
      metadata: { condition: 'exact', validation_length: 10 },
    },
    {
      systemNo: '8',
      text: 'Employer Identification Number (EIN)',
      type: 'Text',
      mandatory: true,
      instructions: 'Enter the 9 digits without a hyphen.',
      placeholder: '9 digits',
      metadata: { condition: 'exact', validation_length: 9 },
    },
    {
      systemNo: '9',
      text: 'Website',
      type: 'Text',
      responseType: 'Url',
      mandatory: false,
      placeholder: 'https://www.example.com',
    },
    {
      systemNo: '9.1',
      text: 'Primary contact',
      type: 'Header',
    },
    {
      systemNo: '10',
      text: 'Full name',
      type: 'Text',
      mandatory: true,
      metadata: { nameType: true },
    },
    {
      systemNo: '11',
      text: 'Title',
      type: 'Text',
      mandatory: true,
    },
    {
      systemNo: '12',
      text: 'Email',
      type: 'Text',
      responseType: 'Email',
      mandatory: true,
      placeholder: 'name@example.com',
    },
    {
      systemNo: '13',
      text: 'Phone',
      type: 'Text',
      responseType: 'PhoneNumber',
      mandatory: true,
      placeholder: '(555) 555-0100',
    },
    {
      systemNo: '13.1',
      text: 'Authorized representative',
      type: 'Header',
    },
    {
      systemNo: '14',
      text: 'Full name',
      type: 'Text',
      mandatory: true,
      instructions: 'The person legally authorized to sign for and bind the entity.',
      metadata: { nameType: true },
    },
    {
      systemNo: '15',
      text: 'Title',
      type: 'Text',
      mandatory: true,
    },
    {
      systemNo: '16',
      text: 'Email',
      type: 'Text',
      responseType: 'Email',
      mandatory: true,
      placeholder: 'name@example.com',
    },
    {
      systemNo: '17',
      text: 'Phone',
      type: 'Text',
      responseType: 'PhoneNumber',
      mandatory: true,
      placeholder: '(555) 555-0100',
    },
    {
      systemNo: '18',
      text: 'Years providing broadband service',
      type: 'Text',
      responseType: 'Number',
      mandatory: true,
      instructions: 'Count the years the entity or its affiliates have offered broadband to customers; enter 0 if none.',
    },
    {
      systemNo: '19',
      text: 'Owners with 10% or more interest',
      type: 'Table',
      mandatory: true,
      instructions: 'List every person or entity holding 10% or more of the applicant, adding rows as needed.',
      columns: [
        { name: 'Owner name', type: 'Text' },
        { name: 'Ownership %', type: 'Number' },
        { name: 'Address', type: 'Text' },
      ],
      addMoreRows: true,
    },
  ],
};

const projectArea: SeedSection = {
  name: 'Project Area & Locations',
  slug: 'project-area',
  questions: [
    {
      systemNo: '179',
      text: 'Application number',
      type: 'Text',
      readOnly: true,
      instructions: 'Assigned automatically when the application is created (GA- followed by 6 characters).',
    },
    {
      systemNo: '21',
      text: 'Project area',
      type: 'Dropdown',
      mandatory: true,
      placeholder: 'Select project area',
      instructions: 'Choosing an area fills in its location counts below.',
      metadata: { optionsFrom: 'projectAreas' },
    },
    {
      systemNo: '22',
      text: 'Locations in the project area',
      type: 'Table',
      readOnly: true,
      instructions: 'Filled in from the broadband office’s location data for the selected project area.',
      columns: [
        { name: 'Unserved', type: 'Readonly' },
        { name: 'Underserved', type: 'Readonly' },
        { name: 'Served', type: 'Readonly' },
        { name: 'Community anchor institutions', type: 'Readonly' },
      ],
      metadata: { filledFrom: '21' },
    },
    {
      systemNo: '23',
      text: 'Will the project serve every unserved and underserved location in the area?',
      type: 'Radio',
      mandatory: false,
      options: yesNo(),
      metadata: { mandatoryWhenPositive: '22' },
    },
    {
      systemNo: '23.1',
      text: 'Explain which locations are excluded and why',
      type: 'Text',
      responseType: 'Multiline',
      mandatory: true,
      dependentSystemNo: '23',
      dependentResponseValue: 'No',
    },
    {
      systemNo: '24',
      text: 'Proposed Technology Type',
      type: 'Dropdown',
      readOnly: true,
      instructions: 'Chosen when the application was created and cannot be changed here.',
      options: [...TECHNOLOGY_TYPES],
      metadata: { optionsFrom: 'technologyTypes' },
    },
    {
      systemNo: '25',
      text: 'Community anchor institutions to be served',
      type: 'Text',
      responseType: 'Number',
      mandatory: true,
      instructions: 'Schools, libraries, health facilities and similar institutions the project will connect.',
    },
  ],
};

const technology: SeedSection = {
  name: 'Technology & Network Design',
  slug: 'technology',
  questions: [
    {
      systemNo: '30',
      text: 'Network design narrative',
      type: 'Text',
      responseType: 'Multiline',
      mandatory: true,
      instructions: 'Describe the architecture, route, backhaul and how the design reaches every location.',
      metadata: { condition: 'max', validation_length: 5000 },
    },
    {
      systemNo: '31',
      text: 'Network diagram',
      type: 'File',
      mandatory: true,
      instructions: 'Download the template, complete it and upload it as PDF or Word.',
      hasTemplate: true,
      templateFile: 'network-diagram-template.docx',
    },
    {
      systemNo: '32',
      text: 'Maximum advertised download speed (Mbps)',
      type: 'Text',
      responseType: 'Number',
      mandatory: true,
    },
    {
      systemNo: '33',
      text: 'Maximum advertised upload speed (Mbps)',
      type: 'Text',
      responseType: 'Number',
      mandatory: true,
    },
    {
      systemNo: '34',
      text: 'Typical round-trip latency (ms)',
      type: 'Text',
      responseType: 'Number',
      mandatory: true,
      instructions: 'Round 1 requires latency at or below 100 ms.',
    },
    {
      systemNo: '34.1',
      text: 'Explain how latency will be brought to 100 ms or less',
      type: 'Text',
      responseType: 'Multiline',
      mandatory: true,
      dependentSystemNo: '34',
      dependentResponseValue: '>100',
    },
    {
      systemNo: '35',
      text: 'Equipment and materials',
      type: 'Table',
      mandatory: true,
      columns: [
        { name: 'Item', type: 'Text' },
        { name: 'Manufacturer', type: 'Text' },
        { name: 'Quantity', type: 'Number' },
        { name: 'Unit cost', type: 'Currency' },
      ],
      addMoreRows: true,
      hasTotals: true,
    },
  ],
};

const budget: SeedSection = {
  name: 'Budget & Match',
  slug: 'budget',
  questions: [
    {
      systemNo: '26',
      text: 'Total project cost',
      type: 'Text',
      responseType: 'Currency',
      mandatory: true,
      instructions: 'Include all eligible costs, both the BEAD request and the matching funds.',
    },
    {
      systemNo: '27',
      text: 'Matching funds committed by the applicant',
      type: 'Text',
      responseType: 'Currency',
      mandatory: true,
      instructions: 'Matching funds are normally at least 25% of the total project cost.',
      metadata: { percentOf: '26' },
    },
    {
      systemNo: '28',
      text: 'BEAD funding requested',
      type: 'Text',
      responseType: 'Currency',
      mandatory: true,
    },
    {
      systemNo: '29',
      text: 'Budget by category',
      type: 'Table',
      mandatory: true,
      columns: [
        {
          name: 'Category',
          type: 'Dropdown',
          options: ['Construction', 'Equipment', 'Engineering', 'Permitting', 'Administration', 'Other'],
        },
        { name: 'Description', type: 'Multiline' },
        { name: 'Amount', type: 'Currency' },
      ],
      addMoreRows: true,
      hasTotals: true,
    },
  ],
};

const financial: SeedSection = {
  name: 'Financial Capability',
  slug: 'financial',
  questions: [
    {
      systemNo: '40',
      text: 'Audited financial statements, last three years',
      type: 'File',
      mandatory: true,
      instructions: 'Upload the statements for the three most recent fiscal years with the template cover sheet.',
      hasTemplate: true,
      templateFile: 'audited-financial-statements-template.docx',
    },
    {
      systemNo: '41',
      text: 'Did the statements receive an unqualified opinion?',
      type: 'Radio',
      mandatory: true,
      options: yesNo(),
    },
    {
      systemNo: '41.1',
      text: 'Explain the qualified opinion',
      type: 'Text',
      responseType: 'Multiline',
      mandatory: true,
      dependentSystemNo: '41',
      dependentResponseValue: 'No',
    },
    {
      systemNo: '42',
      text: 'Letter of credit commitment letter',
      type: 'File',
      mandatory: true,
      instructions: 'Use the template; the letter must come from an eligible bank.',
      hasTemplate: true,
      templateFile: 'letter-of-credit-commitment-template.docx',
    },
    {
      systemNo: '43',
      text: 'Letter of credit amount as a percentage of the subgrant',
      type: 'Text',
      responseType: 'Number',
      mandatory: true,
      instructions: 'Enter a percentage without the % sign; 25 or more is the standard requirement.',
    },
    {
      systemNo: '43.1',
      text: 'Which letter-of-credit alternative applies?',
      type: 'Dropdown',
      mandatory: true,
      placeholder: 'Select alternative',
      options: ['Credit union letter', 'Performance bond', 'Reduced 10% letter'],
      dependentSystemNo: '43',
      dependentResponseValue: '<25',
    },
    {
      systemNo: '45',
      text: 'Total matching contribution from all sources',
      type: 'Text',
      responseType: 'Currency',
      mandatory: true,
      instructions: 'Should be at least 25% of the total project cost entered in Budget & Match.',
      metadata: { percentOf: '26' },
    },
    {
      systemNo: '46',
      text: 'Sources of matching funds',
      type: 'Table',
      mandatory: true,
      columns: [
        { name: 'Source', type: 'Text' },
        { name: 'Type', type: 'Dropdown', options: ['Cash', 'In-kind'] },
        { name: 'Amount', type: 'Currency' },
        { name: 'Committed on', type: 'Date' },
      ],
      hasTotals: true,
        addMoreRows: true,
    },
  ],
};

const managerial: SeedSection = {
  name: 'Managerial & Operational Capability',
  slug: 'managerial',
  questions: [
    {
      systemNo: '50',
      text: 'Resumes of key management personnel',
      type: 'File',
      mandatory: true,
      instructions: 'Combine the resumes into a single PDF.',
    },
    {
      systemNo: '51',
      text: 'Organizational chart',
      type: 'File',
      mandatory: true,
    },
    {
      systemNo: '52',
      text: 'Operational capability narrative',
      type: 'Text',
      responseType: 'Multiline',
      mandatory: true,
      instructions: 'Describe your experience building and operating broadband networks of comparable size.',
    },
    {
      systemNo: '53',
      text: 'Has any broadband grant to the entity been terminated or clawed back?',
      type: 'Radio',
      mandatory: true,
      options: yesNo(),
    },
    {
      systemNo: '53.1',
      text: 'Explain',
      type: 'Text',
      responseType: 'Multiline',
      mandatory: true,
      instructions: 'Name the programme, the date and the reason for the termination or clawback.',
      dependentSystemNo: '53',
      dependentResponseValue: 'Yes',
    },
  ],
};

const labor: SeedSection = {
  name: 'Labor & Workforce',
  slug: 'labor',
  questions: [
    {
      systemNo: '60',
      text: 'Compliance with federal labor and employment laws in the last three years',
      type: 'Checkbox',
      mandatory: true,
      instructions: 'Certify that the entity and its contractors have complied with these laws.',
      options: certified(),
    },
    {
      systemNo: '61',
      text: 'Workforce',
      type: 'Radio',
      mandatory: true,
      options: ['Directly employed', 'Contracted', 'Both'],
    },
    {
      systemNo: '62',
      text: 'Plan for a skilled and credentialed workforce',
      type: 'Text',
      responseType: 'Multiline',
      mandatory: true,
    },
    {
      systemNo: '63',
      text: 'Contractors and subcontractors',
      type: 'Table',
      mandatory: false,
      columns: [
        { name: 'Name', type: 'Text' },
        { name: 'Role', type: 'Text' },
        { name: 'License number', type: 'Alphanumeric' },
      ],
    },
  ],
};

const affordability: SeedSection = {
  name: 'Affordability & Deployment',
  slug: 'affordability',
  questions: [
    {
      systemNo: '70',
      text: 'Monthly price of the lowest-cost plan of at least 100/20 Mbps',
      type: 'Text',
      responseType: 'Currency',
      mandatory: true,
      instructions: 'Enter the monthly price including all recurring fees.',
    },
    {
      systemNo: '71',
      text: 'Low-cost option price for eligible subscribers',
      type: 'Text',
      responseType: 'Currency',
      mandatory: true,
    },
    {
      systemNo: '72',
      text: 'Participation in the FCC Lifeline programme',
      type: 'Radio',
      mandatory: true,
      options: yesNo(),
    },
    {
      systemNo: '74',
      text: 'Months to complete deployment',
      type: 'Text',
      responseType: 'Number',
      mandatory: true,
      instructions: 'Deployment must be completed within 48 months of the subgrant award.',
      metadata: { numericMax: 48 },
    },
    {
      systemNo: '75',
      text: 'Construction start date',
      type: 'Date',
      mandatory: true,
      placeholder: 'MM/DD/YYYY',
      minDate: '01/01/1900',
      maxDate: '+4y',
    },
    {
      systemNo: '76',
      text: 'Construction completion date',
      type: 'Date',
      mandatory: true,
      placeholder: 'MM/DD/YYYY',
    },
  ],
};

const compliance: SeedSection = {
  name: 'Compliance & Certifications',
  slug: 'compliance',
  questions: [
    {
      systemNo: '80',
      text: 'Cybersecurity risk management plan',
      type: 'File',
      mandatory: true,
      instructions: 'Download the template, complete it and upload the finished plan.',
      hasTemplate: true,
      templateFile: 'cybersecurity-plan-template.docx',
    },
    {
      systemNo: '81',
      text: 'Supply-chain risk management plan',
      type: 'File',
      mandatory: true,
    },
    {
      systemNo: '82',
      text: 'Build America, Buy America compliance',
      type: 'Checkbox',
      mandatory: true,
      options: certified(),
    },
    {
      systemNo: '83',
      text: 'Environmental and historic preservation readiness',
      type: 'Radio',
      mandatory: true,
      options: ['Complete', 'In progress', 'Not started'],
    },
    {
      systemNo: '84',
      text: 'Related applications in this round',
      type: 'Table',
      mandatory: false,
      instructions: 'List your other Round 1 applications that share network or middle-mile assets with this one.',
      columns: [
        { name: 'Application number', type: 'ApplicationNumber' },
        { name: 'Project area', type: 'Text' },
        { name: 'Relationship', type: 'Dropdown', options: ['Same network', 'Shared middle mile', 'Other'] },
      ],
    },
    {
      systemNo: '85',
      text: 'Certification that this application is true and complete',
      type: 'Checkbox',
      mandatory: true,
      instructions: 'The authorized representative certifies that the information given is true and complete.',
      options: certified(),
    },
    {
      systemNo: '86',
      text: 'Signature date',
      type: 'Date',
      mandatory: true,
      placeholder: 'MM/DD/YYYY',
    },
  ],
};

/** The nine sections of BEAD Round 1, in display order. */
export const BEAD_ROUND_1_SECTIONS: SeedSection[] = [
  entityInformation,
  projectArea,
  technology,
  budget,
  financial,
  managerial,
  labor,
  affordability,
  compliance,
];
