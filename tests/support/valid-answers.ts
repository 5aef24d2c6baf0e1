// A valid answer for any question of the question bank, from its definition (the shapes of domain/questions.ts):
// what the API tests and the e2e journeys that submit an application through the API answer with.
import { columnKey } from '../../domain/questions';

export const VALID_DATE = '01/15/2025';

/** A valid value for a question; a File question gets `file` (a document of the organization's library). */
export function validValue(question: any, file?: { documentId: string; fileName: string }): unknown {
  const meta = question.additionalMetadata ?? {};
  const firstOption = question.responseOptions?.[0]?.name;
  switch (question.type) {
    case 'Text': {
      switch (question.responseType) {
        case 'Email': return 'grants@example.org';
        case 'Url': return 'https://www.example.org';
        case 'PhoneNumber': return '6085550100';
        case 'Number': return '12';
        case 'Currency': return '1000.00';
        default: break;
      }
      if (meta.nameType) return "Jane O'Neil";
      if (meta.validation_length && meta.condition === 'exact') return '1'.repeat(meta.validation_length);
      if (meta.validation_length && meta.condition === 'min') return 'x'.repeat(meta.validation_length);
      return 'A short, complete answer.';
    }
    case 'Date': return VALID_DATE;
    case 'Dropdown':
    case 'Radio': return firstOption;
    case 'Checkbox': return [firstOption];
    case 'File': return file ? { ...file } : null;
    case 'Address':
      return { country: 'United States', state: 'Wisconsin', zip: '53703', street_address_1: '1 Main Street', city: 'Madison' };
    case 'Table': {
      const row: Record<string, string> = {};
      for (const column of question.tableColumns ?? []) {
        const key = columnKey(column.name);
        switch (column.type) {
          case 'Readonly': break;
          case 'Number': row[key] = '3'; break;
          case 'Currency': row[key] = '250.00'; break;
          case 'Date': row[key] = VALID_DATE; break;
          case 'ApplicationNumber': row[key] = 'GA-ABC123'; break;
          case 'Alphanumeric': row[key] = 'LIC-42'; break;
          case 'Dropdown': row[key] = column.options[0]; break;
          default: row[key] = 'Filled in';
        }
      }
      return [row];
    }
    default: return null;
  }
}

