// Print (spec 7): the whole application as a PDF.
import { post, seg, type ApiSession } from './client.server';

export async function applicationPdf(api: ApiSession, organizationId: string, applicationId: string) {
  const { pdfBase64 } = await post<{ pdfBase64: string }>(api, `/organization/${seg(organizationId)}/generate-pdf/${seg(applicationId)}`);
  return Buffer.from(pdfBase64, 'base64');
}
