import { CFDI_SAMPLE_FILES, type CfdiSampleFile } from '../modules/cfdi/cfdi-samples.js';
import { paymentComplement } from './cfdi-complement.js';

/**
 * Prints a payment complement sealed with a demo CSD, for the browser tests: they run
 * outside this package and cannot load its sources, so they run this with tsx.
 * Usage: payment-complement-cli.ts <issuer RFC> <sample file> <complement UUID> <MXN> <invoice UUID>
 */
const [rfc, sample, uuid, mxn, invoiceUuid] = process.argv.slice(2);
if (
  !rfc ||
  !uuid ||
  !mxn ||
  !invoiceUuid ||
  !CFDI_SAMPLE_FILES.includes(sample as CfdiSampleFile)
) {
  process.stderr.write('usage: <rfc> <sample> <uuid> <mxn> <invoice uuid>\n');
  process.exit(2);
}
process.stdout.write(
  paymentComplement(rfc, sample as CfdiSampleFile, uuid, mxn, [
    { uuid: invoiceUuid, currency: 'MXN', paid: mxn },
  ]),
);
