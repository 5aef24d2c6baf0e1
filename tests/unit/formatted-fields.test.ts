// The formats the form renders on the server (no JavaScript): amounts, phones, zips and table totals.
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../../app/theme';
import { QuestionField, type FormQuestion } from '../../app/components/question-field';
import { answersFromForm, cellName, fieldName, partName, rowCountName } from '../../app/utils/question-form';
import type { AnswerValue, QuestionDef } from '../../domain/questions';

function question(over: Partial<FormQuestion> & Pick<QuestionDef, 'type'>): FormQuestion {
  return {
    id: 'q1', systemNo: '1', text: 'Question', responseType: null, mandatory: true, readOnly: false, responseOptions: null,
    tableColumns: null, minDate: null, maxDate: null, dependentSystemNo: null, dependentResponseValue: null,
    additionalMetadata: null, addMoreRows: false, ...over,
  };
}

const render = (q: FormQuestion, value: AnswerValue, disabled = false) =>
  renderToString(createElement(ChakraProvider, { value: system, children: createElement(QuestionField, { question: q, value, disabled, mandatory: q.mandatory }) }));

const equipment = question({
  type: 'Table',
  systemNo: '35',
  addMoreRows: true,
  additionalMetadata: { hasTotals: true },
  tableColumns: [
    { name: 'Item', type: 'Text' },
    { name: 'Manufacturer', type: 'Text' },
    { name: 'Quantity', type: 'Number' },
    { name: 'Unit cost', type: 'Currency' },
  ],
});
const rows = [
  { item: 'Router', manufacturer: 'Acme', quantity: '2', unit_cost: '1234567.5' },
  { item: 'Switch', manufacturer: 'Acme', quantity: '1000', unit_cost: '10' },
];

describe('formatted fields, server-rendered', () => {
  it('groups an amount, the $ outside the input', () => {
    const html = render(question({ type: 'Text', responseType: 'Currency' }), '1234567.5');
    expect(html).toContain('value="1,234,567.50"');
    expect(html).toMatch(/<span aria-hidden="true">\$<\/span>/);
  });

  it('shows a phone number as (xxx) xxx-xxxx, also when disabled', () => {
    expect(render(question({ type: 'Text', responseType: 'PhoneNumber' }), '6085550100', true)).toContain('value="(608) 555-0100"');
  });

  it('shows a 9-digit zip with its dash', () => {
    const html = render(question({ type: 'Address' }), { country: 'United States', street_address_1: '1 Main', city: 'Madison', state: 'Wisconsin', zip: '537031234' });
    expect(html).toContain('value="53703-1234"');
  });

  it('renders a totals footer with a "Total" row header for a table with totals', () => {
    const html = render(equipment, rows);
    expect(html).toContain('value="1,234,567.50"');
    const footer = /<tfoot[^>]*>(.*)<\/tfoot>/s.exec(html)?.[1] ?? '';
    expect(footer).toMatch(/<th[^>]*scope="row"[^>]*>Total<\/th>/);
    expect(footer).toContain('>1,002<');
    expect(footer).toContain('>$1,234,577.50<');
  });

  it('shows read-only currency cells with $ and no footer for a table without totals', () => {
    const html = render({ ...equipment, readOnly: true, additionalMetadata: null }, rows);
    expect(html).toContain('$1,234,567.50');
    expect(html).not.toContain('<tfoot');
  });
});

describe('answersFromForm stores the plain forms', () => {
  it('amounts, phones, zips and currency cells', () => {
    const qs = [
      question({ id: 'c', type: 'Text', responseType: 'Currency' }),
      question({ id: 'p', type: 'Text', responseType: 'PhoneNumber' }),
      question({ id: 'a', type: 'Address' }),
      { ...equipment, id: 't' },
    ];
    const form = new FormData();
    form.set(fieldName('c'), '1,234,567.50');
    form.set(fieldName('p'), '(608) 555-0100');
    for (const [k, v] of Object.entries({ street_address_1: '1 Main', city: 'Madison', state: 'Wisconsin', zip: '53703-1234' })) form.set(partName('a', k), v);
    form.set(rowCountName('t'), '1');
    for (const [k, v] of Object.entries({ item: 'Router', manufacturer: 'Acme', quantity: '2', unit_cost: '1,000.50' })) form.set(cellName('t', 0, k), v);
    const answers = answersFromForm(qs, form);
    expect(answers.c).toBe('1234567.50');
    expect(answers.p).toBe('6085550100');
    expect((answers.a as { zip: string }).zip).toBe('537031234');
    expect(answers.t).toEqual([{ item: 'Router', manufacturer: 'Acme', quantity: '2', unit_cost: '1000.50' }]);
  });
});
