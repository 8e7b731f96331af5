/**
 * The invoice lists this process has written, as JSON, by enterprise. A list is reused only
 * while the enterprise's stamp (its list version, migration 0019, and the quote the list is
 * valued at) is the one it was written at: the caller reads the version before it writes a
 * list, so a list is never older than its stamp, and a change committed anywhere raises the
 * version. Lists asked together while one is being written wait for it; a failed one is not
 * kept. Above `maxBytes` of kept JSON the whole cache is dropped; 0 keeps nothing.
 */
export class InvoiceListCache {
  private readonly enterprises = new Map<string, EnterpriseLists>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  answer(
    enterpriseId: string,
    stamp: string,
    key: string,
    write: () => Promise<string>,
  ): Promise<string> {
    if (this.maxBytes <= 0) return write();
    let lists = this.enterprises.get(enterpriseId);
    if (lists?.stamp !== stamp) {
      if (lists) this.bytes -= lists.bytes;
      lists = { stamp, bytes: 0, answers: new Map() };
      this.enterprises.set(enterpriseId, lists);
    }
    const kept = lists.answers.get(key);
    if (kept) return kept;
    const written = write();
    const owner = lists;
    owner.answers.set(key, written);
    written.then(
      (json) => {
        if (this.enterprises.get(enterpriseId) !== owner || owner.answers.get(key) !== written) {
          return;
        }
        owner.bytes += json.length;
        this.bytes += json.length;
        if (this.bytes > this.maxBytes) this.clear();
      },
      () => {
        if (owner.answers.get(key) === written) owner.answers.delete(key);
      },
    );
    return written;
  }

  private clear(): void {
    this.enterprises.clear();
    this.bytes = 0;
  }
}

interface EnterpriseLists {
  stamp: string;
  /** Length of the kept JSON (UTF-16 code units, close enough to bytes for a budget). */
  bytes: number;
  answers: Map<string, Promise<string>>;
}
