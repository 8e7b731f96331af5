import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { statementEn } from '../../../lib/i18n/features/statement';

type KnownType = keyof typeof statementEn.types;

function isKnownType(kind: string): kind is KnownType {
  return Object.hasOwn(statementEn.types, kind);
}

/** The label of a journal kind; a kind this client does not know yet is shown as sent. */
export function useTypeLabel(): (kind: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (kind: string) => (isKnownType(kind) ? t(`statement.types.${kind}`) : kind),
    [t],
  );
}
