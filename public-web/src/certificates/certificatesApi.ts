import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BadgeVisibility, CertificateBadges, CertificateList, CertificateListingKind, CertificatePreview, CertificatesIssued, CertificateVerification } from '@circuit/shared/api/certificates';
import { api, isClientError } from '../auth/apiClient';

/** The certificates' requests. Keys by prefix: invalidating a listing's key refreshes its preview too. */
export const certificateKeys = {
  listing: (kind: CertificateListingKind, listingId: string) => ['certificates', 'listing', kind, listingId] as const,
  preview: (kind: CertificateListingKind, listingId: string) => ['certificates', 'listing', kind, listingId, 'preview'] as const,
  mine: ['certificates', 'mine'] as const,
  badges: (userId: string) => ['certificates', 'badges', userId] as const,
  visibility: ['certificates', 'badge-visibility'] as const,
  verification: (id: string) => ['certificates', 'verification', id] as const,
};

const listingPath = (kind: CertificateListingKind, listingId: string) => `/api/certificates/listings/${kind}/${encodeURIComponent(listingId)}`;
export const pdfPath = (certificateId: string) => `/api/certificates/${encodeURIComponent(certificateId)}/pdf`;
export const verifyPath = (certificateId: string) => `/verify/${encodeURIComponent(certificateId)}`;

const retryUnlessRefused = (count: number, error: unknown) => count < 2 && !isClientError(error);

/** What an issue would give now. A POST (answered from the command side's streams), but it changes nothing, so it is a query. */
export function useCertificatePreview(kind: CertificateListingKind, listingId: string) {
  return useQuery({
    queryKey: certificateKeys.preview(kind, listingId),
    enabled: Boolean(listingId),
    retry: retryUnlessRefused,
    queryFn: async () => (await api.post<CertificatePreview>(`${listingPath(kind, listingId)}/preview`)).data!,
  });
}

export function useListingCertificates(kind: CertificateListingKind, listingId: string) {
  return useQuery({
    queryKey: certificateKeys.listing(kind, listingId),
    enabled: Boolean(listingId),
    retry: retryUnlessRefused,
    queryFn: async ({ signal }) => (await api.get<CertificateList>(listingPath(kind, listingId), signal)).data!,
  });
}

export function useIssueCertificates(kind: CertificateListingKind, listingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post<CertificatesIssued>(`${listingPath(kind, listingId)}/issue`)).data!,
    onSettled: () => client.invalidateQueries({ queryKey: certificateKeys.listing(kind, listingId) }),
  });
}

export function useRevokeCertificate(kind: CertificateListingKind, listingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ certificateId, reason }: { certificateId: string; reason: string }) => (await api.post(`${listingPath(kind, listingId)}/${encodeURIComponent(certificateId)}/revoke`, { reason })).data,
    onSettled: () => client.invalidateQueries({ queryKey: certificateKeys.listing(kind, listingId) }),
  });
}

export function useMyCertificates() {
  return useQuery({ queryKey: certificateKeys.mine, retry: retryUnlessRefused, queryFn: async ({ signal }) => (await api.get<CertificateList>('/api/certificates/mine', signal)).data! });
}

/** A profile's badges (public): empty when the holder hid them. */
export function useCertificateBadges(userId: string | undefined) {
  return useQuery({
    queryKey: certificateKeys.badges(userId ?? ''),
    enabled: Boolean(userId),
    retry: retryUnlessRefused,
    queryFn: async ({ signal }) => (await api.get<CertificateBadges>(`/api/certificates/badges/${encodeURIComponent(userId ?? '')}`, signal)).data!,
  });
}

export function useBadgeVisibility() {
  return useQuery({ queryKey: certificateKeys.visibility, retry: retryUnlessRefused, queryFn: async ({ signal }) => (await api.get<BadgeVisibility>('/api/certificates/badges', signal)).data! });
}

export function useSetBadgeVisibility() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (visible: boolean) => (await api.put<BadgeVisibility>('/api/certificates/badges', { visible })).data!,
    onSuccess: (answer) => client.setQueryData(certificateKeys.visibility, answer),
    onSettled: () => client.invalidateQueries({ queryKey: ['certificates', 'badges'] }),
  });
}

export function useVerification(certificateId: string) {
  return useQuery({
    queryKey: certificateKeys.verification(certificateId),
    retry: retryUnlessRefused,
    queryFn: async ({ signal }) => (await api.get<CertificateVerification>(`/api/certificates/${encodeURIComponent(certificateId)}/verification`, signal)).data!,
  });
}
