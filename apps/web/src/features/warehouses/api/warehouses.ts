import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  apiDelete,
  apiGet,
  apiPost,
  apiPut,
  type ApiAnswer,
  type ApiBody,
} from '../../../lib/api/typed-client';

/** A buyer's delivery warehouse (GET warehouses, GET warehouses/{id}). */
export type Warehouse = ApiAnswer<'get', 'warehouses/{warehouseId}'>['warehouse'];

export type WarehousesPage = ApiAnswer<'get', 'warehouses'>;

/** The body of POST warehouses and PUT warehouses/{id}: coordinates both or neither. */
export type WarehouseBody = ApiBody<'post', 'warehouses'>;

export const WAREHOUSES_PAGE_SIZE = 24;

export const warehouseKeys = {
  all: ['warehouses'] as const,
  list: (page: number) => [...warehouseKeys.all, 'list', page] as const,
  one: (warehouseId: string) => [...warehouseKeys.all, 'one', warehouseId] as const,
};

export function warehousesQueryOptions(page: number) {
  return queryOptions({
    queryKey: warehouseKeys.list(page),
    queryFn: () => apiGet('warehouses', { query: { page, limit: WAREHOUSES_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function warehouseQueryOptions(warehouseId: string) {
  return queryOptions({
    queryKey: warehouseKeys.one(warehouseId),
    queryFn: async () =>
      (await apiGet('warehouses/{warehouseId}', { params: { warehouseId } })).warehouse,
  });
}

/** The screens show a missing warehouse themselves: no toast for reads. */
const quiet = { errorToast: false };

export function useWarehousesQuery(page: number, enabled: boolean) {
  return useQuery({ ...warehousesQueryOptions(page), enabled, meta: quiet });
}

export function useWarehouseQuery(warehouseId: string) {
  return useQuery({ ...warehouseQueryOptions(warehouseId), meta: quiet });
}

export function useWarehouseMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: warehouseKeys.all });
  return {
    create: useMutation({
      mutationFn: (body: WarehouseBody) => apiPost('warehouses', { body }),
      onSuccess,
      meta: quiet,
    }),
    update: useMutation({
      mutationFn: ({ sWarehouseId, body }: { sWarehouseId: string; body: WarehouseBody }) =>
        apiPut('warehouses/{warehouseId}', { params: { warehouseId: sWarehouseId }, body }),
      onSuccess,
      meta: quiet,
    }),
    remove: useMutation({
      mutationFn: (sWarehouseId: string) =>
        apiDelete('warehouses/{warehouseId}', { params: { warehouseId: sWarehouseId } }),
      // Only the lists: the edit page still shows the deleted one until it navigates away.
      onSuccess: () => queryClient.invalidateQueries({ queryKey: [...warehouseKeys.all, 'list'] }),
      meta: quiet,
    }),
  };
}
