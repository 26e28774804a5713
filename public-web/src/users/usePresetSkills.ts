import { useQuery } from '@tanstack/react-query';
import { api } from '../auth/apiClient';
import { PRESET_SKILLS } from './skills';

const FALLBACK: string[] = [...PRESET_SKILLS];

/** The preset skills from the server (an array, or { skills }), else the bundled copy. */
async function fetchPresetSkills(signal?: AbortSignal): Promise<string[]> {
  try {
    const data = (await api.get<unknown>('/api/users/skills/preset', signal)).data;
    const list = Array.isArray(data) ? data : (data as { skills?: unknown } | undefined)?.skills;
    if (Array.isArray(list) && list.length > 0 && list.every((s) => typeof s === 'string')) return list as string[];
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
  }
  return FALLBACK;
}

export function usePresetSkills(): string[] {
  const { data } = useQuery({
    queryKey: ['skills', 'preset'],
    queryFn: ({ signal }) => fetchPresetSkills(signal),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  return data ?? FALLBACK;
}
