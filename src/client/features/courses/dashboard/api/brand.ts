import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BrandAsset, TBrandResponse, TBrandUpdate } from '@shared/schemas/brand.ts';
import { api, apiRequest } from '@/lib/api-client';

/** The company's brand (GET /api/organisation/brand): colour and its shades, logo, hero, white label. */
export type CompanyBrand = TBrandResponse;

export const brandQueryKey = ['company-brand'] as const;

export function useCompanyBrand() {
  return useQuery({ queryKey: brandQueryKey, queryFn: ({ signal }) => api.get<CompanyBrand>('/api/organisation/brand', signal) });
}

export function useSaveBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: TBrandUpdate) => apiRequest<CompanyBrand>('PUT', '/api/organisation/brand', { body: change }),
    onSuccess: (brand) => queryClient.setQueryData(brandQueryKey, brand),
  });
}

/** Removes the logo or the hero image (uploading one goes through the upload field, with its progress). */
export function useBrandAsset(asset: BrandAsset) {
  const queryClient = useQueryClient();
  const path = `/api/organisation/brand/${asset}`;
  const remove = useMutation({
    mutationFn: () => apiRequest<CompanyBrand>('DELETE', path),
    onSuccess: (brand) => queryClient.setQueryData(brandQueryKey, brand),
  });
  return { remove };
}
