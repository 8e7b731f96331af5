import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Language } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n/i18n';

/** The buyer's carts, one per grower, kept on the server (GET shopping-cart). */

export type CartChange = 'PRICE' | 'STOCK' | 'UNAVAILABLE';

export interface CartProduct {
  sProductId: string;
  sName: string;
  dQuantity: number;
  dPallets: number;
  dBoxesPerPallet: number;
  dPricePerBox: number;
  dTotal: number;
  iStock: number;
  iMinBoxes: number;
  bChanged: boolean;
  sChange: CartChange | null;
}

export interface ProviderCart {
  sProviderId: string;
  sProviderName: string;
  aProducts: CartProduct[];
  dTotal: number;
  dPallets: number;
  bChanged: boolean;
}

export interface CartAnswer {
  results: ProviderCart[];
  bChanged: boolean;
  /** The spec's "an item in your cart changed" message, in the request's language. */
  sMessage: string | null;
}

/**
 * `['cart']` is the prefix the catalogue's add-to-cart refreshes too (features agree on it
 * by name, they do not import each other). The message follows the language.
 */
export const cartKeys = {
  all: ['cart'] as const,
  carts: (language: Language) => [...cartKeys.all, 'carts', language] as const,
};

export function getCart(): Promise<CartAnswer> {
  return apiRequest<CartAnswer>('shopping-cart');
}

export function useCartQuery(options: { enabled?: boolean; errorToast?: boolean } = {}) {
  const language = useLanguage();
  return useQuery(
    queryOptions({
      queryKey: cartKeys.carts(language),
      queryFn: getCart,
      enabled: options.enabled ?? true,
      meta: { errorToast: options.errorToast ?? false },
    }),
  );
}

/** A cart write answers with the whole cart: it replaces the cached one, then all are refetched. */
function useCartWrite<TInput>(
  write: (input: TInput) => Promise<CartAnswer | undefined>,
  options: { errorToast: boolean },
) {
  const queryClient = useQueryClient();
  const language = useLanguage();
  return useMutation({
    mutationFn: write,
    meta: { errorToast: options.errorToast },
    onSuccess: (answer) => {
      if (answer) queryClient.setQueryData(cartKeys.carts(language), answer);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartKeys.all }),
  });
}

/** PUT shopping-cart/items/:id: sets a line's boxes; it also acknowledges the line's change. */
export function useUpdateLineMutation() {
  return useCartWrite(
    (input: { articleId: string; boxes: number }) =>
      apiRequest<CartAnswer>(`shopping-cart/items/${encodeURIComponent(input.articleId)}`, {
        method: 'PUT',
        body: { dQuantity: input.boxes },
      }),
    // The error is shown on the line's field.
    { errorToast: false },
  );
}

/** DELETE shopping-cart/items/:id. */
export function useRemoveLineMutation() {
  return useCartWrite(
    (articleId: string) =>
      apiRequest<CartAnswer>(`shopping-cart/items/${encodeURIComponent(articleId)}`, {
        method: 'DELETE',
      }),
    { errorToast: true },
  );
}

/** PATCH customers/{userId}/shopping-cart { sVendorId }: removes a grower's whole cart (204). */
export function useRemoveVendorCartMutation() {
  return useCartWrite(
    async (input: { userId: string; vendorId: string }) => {
      await apiRequest<undefined>(`customers/${encodeURIComponent(input.userId)}/shopping-cart`, {
        method: 'PATCH',
        body: { sVendorId: input.vendorId },
      });
      return undefined;
    },
    { errorToast: true },
  );
}
