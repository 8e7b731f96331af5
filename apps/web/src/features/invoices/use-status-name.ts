import type { InvoiceStatusKey } from '@app/domain';
import { invoiceStatusKeyFromId, invoiceStatusName } from '@app/domain';
import { useCallback } from 'react';
import { useStatusCatalogQuery } from '../../lib/finance/queries';
import { useLanguage } from '../../lib/i18n/i18n';

/**
 * An invoice status id → its name in the interface language: from the catalogue the API
 * serves, or the domain's own names while it loads.
 */
export function useStatusName(): (statusId: string) => string {
  const language = useLanguage();
  const catalog = useStatusCatalogQuery();
  const statuses = catalog.data?.invoiceStatuses;
  return useCallback(
    (statusId: string) => {
      const fromCatalog = statuses?.find((status) => status.sStatusId === statusId)?.sName;
      if (fromCatalog) return fromCatalog;
      const key: InvoiceStatusKey | undefined = invoiceStatusKeyFromId(statusId);
      return key ? invoiceStatusName(key, language) : statusId;
    },
    [statuses, language],
  );
}
