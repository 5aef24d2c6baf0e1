// A question definition for unit tests: every field of QuestionDef with a plain default.
import type { QuestionDef } from '../../domain/questions';

export function question(over: Partial<QuestionDef> & Pick<QuestionDef, 'type'>): QuestionDef {
  const systemNo = over.systemNo ?? '1';
  return {
    id: `q-${systemNo}`,
    systemNo,
    text: `Question ${systemNo}`,
    responseType: null,
    mandatory: false,
    readOnly: false,
    responseOptions: null,
    tableColumns: null,
    minDate: null,
    maxDate: null,
    dependentSystemNo: null,
    dependentResponseValue: null,
    additionalMetadata: null,
    addMoreRows: false,
    ...over,
  };
}
