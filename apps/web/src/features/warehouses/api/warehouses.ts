import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** A buyer's delivery warehouse (GET warehouses, GET warehouses/{id}). */
export interface Warehouse {
  sWarehouseId: string;
  sName: string;
  sAddress: string;
  sCountry: string;
  sState: string;
  sCity: string;
  sPostalCode: string;
  sPhone: string;
  sEmail: string;
  sManager: string;
  dLatitude: number | null;
  dLongitude: number | null;
  sComments: string | null;
  created_at: string;
}

export interface WarehousesPage {
  warehouses: Warehouse[];
  total: number;
  page: number;
  limit: number;
}

/** The body of POST warehouses and PUT warehouses/{id}: coordinates both or neither. */
export interface WarehouseBody {
  sName: string;
  sAddress: string;
  sCountry: string;
  sState: string;
  sCity: string;
  sPostalCode: string;
  sPhone: string;
  sEmail: string;
  sManager: string;
  dLatitude: number | null;
  dLongitude: number | null;
  sComments: string | null;
}

export const WAREHOUSES_PAGE_SIZE = 24;

export const warehouseKeys = {
  all: ['warehouses'] as const,
  list: (page: number) => [...warehouseKeys.all, 'list', page] as const,
  one: (warehouseId: string) => [...warehouseKeys.all, 'one', warehouseId] as const,
};

export function warehousesQueryOptions(page: number) {
  return queryOptions({
    queryKey: warehouseKeys.list(page),
    queryFn: () =>
      apiRequest<WarehousesPage>(`warehouses?page=${page}&limit=${WAREHOUSES_PAGE_SIZE}`),
    placeholderData: keepPreviousData,
  });
}

export function warehouseQueryOptions(warehouseId: string) {
  return queryOptions({
    queryKey: warehouseKeys.one(warehouseId),
    queryFn: async () =>
      (await apiRequest<{ warehouse: Warehouse }>(`warehouses/${encodeURIComponent(warehouseId)}`))
        .warehouse,
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
      mutationFn: (body: WarehouseBody) =>
        apiRequest<{ warehouse: Warehouse }>('warehouses', { method: 'POST', body }),
      onSuccess,
      meta: quiet,
    }),
    update: useMutation({
      mutationFn: ({ sWarehouseId, body }: { sWarehouseId: string; body: WarehouseBody }) =>
        apiRequest<{ warehouse: Warehouse }>(`warehouses/${encodeURIComponent(sWarehouseId)}`, {
          method: 'PUT',
          body,
        }),
      onSuccess,
      meta: quiet,
    }),
    remove: useMutation({
      mutationFn: (sWarehouseId: string) =>
        apiRequest<void>(`warehouses/${encodeURIComponent(sWarehouseId)}`, { method: 'DELETE' }),
      // Only the lists: the edit page still shows the deleted one until it navigates away.
      onSuccess: () => queryClient.invalidateQueries({ queryKey: [...warehouseKeys.all, 'list'] }),
      meta: quiet,
    }),
  };
}
