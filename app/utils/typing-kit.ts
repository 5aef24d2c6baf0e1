// The zip input's own message (domain/input.ts), loaded when first needed (formatted-input.ts loadTyping, decision
// 021): it brings the validation messages, which no first paint needs. Imported through this module so that the
// chunk holds only it (domain/input.ts also builds a Zod schema for the API, which a dynamic import of the module
// itself would bring along). The filters applied while typing are domain/typed-input.ts, loaded with the page.
import '../chunks/answers'; // loaded on pages that already have this shared file: keeps it one file (decision 102)
export { zipInputError } from '../../domain/input';
