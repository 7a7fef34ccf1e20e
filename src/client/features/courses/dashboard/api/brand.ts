import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BrandAsset, TBrandResponse, TBrandUpdate } from '@shared/schemas/brand.ts';
import { api, apiRequest } from '@/lib/api-client';

/** The company's brand (GET /api/organisation/brand): colour and its shades, logo, hero, white label. */
export type CompanyBrand = TBrandResponse;

const brandKey = ['company-brand'] as const;

export function useCompanyBrand() {
  return useQuery({ queryKey: brandKey, queryFn: ({ signal }) => api.get<CompanyBrand>('/api/organisation/brand', signal) });
}

export function useSaveBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: TBrandUpdate) => apiRequest<CompanyBrand>('PUT', '/api/organisation/brand', { body: change }),
    onSuccess: (brand) => queryClient.setQueryData(brandKey, brand),
  });
}

/** Uploads the logo or the hero image (the server reads its type from its bytes), or removes it. */
export function useBrandAsset(asset: BrandAsset) {
  const queryClient = useQueryClient();
  const path = `/api/organisation/brand/${asset}`;
  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return apiRequest<CompanyBrand>('POST', path, { body });
    },
    onSuccess: (brand) => queryClient.setQueryData(brandKey, brand),
  });
  const remove = useMutation({
    mutationFn: () => apiRequest<CompanyBrand>('DELETE', path),
    onSuccess: (brand) => queryClient.setQueryData(brandKey, brand),
  });
  return { upload, remove };
}
