import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient } from '../../../lib/api-client';
import { toProjectDetail } from '../api/projects';
import { useEditorStore } from './editor-store';

vi.mock('../../../lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/api-client')>();
  return { ...actual, apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() } };
});
const put = vi.mocked(apiClient.put);
const remove = vi.mocked(apiClient.delete);

const STALE = 'This was changed by someone else in the meantime. Reload and try again.';
const stored = { id: 'p-1', name: 'Lounge', state: 'D', fabrics: [], revision: 3 };
const catalogue = { products: [], types: {}, categories: [], fabrics: [] };
const sentRevision = (call: number) => (put.mock.calls[call]![1] as { revision: number }).revision;

beforeEach(() => {
  put.mockReset();
  remove.mockReset();
  useEditorStore.getState().reset();
  useEditorStore.getState().open('p-1', toProjectDetail(stored), catalogue);
});

describe('the editor names the revision its copy is based on (issue 40)', () => {
  it('sends the revision it read, then the one each save answered', async () => {
    put.mockImplementation((_path, body) => Promise.resolve({ ...stored, ...(body as object), revision: sentRevision(put.mock.calls.length - 1) + 1 }));
    await useEditorStore.getState().save();
    await useEditorStore.getState().save();
    expect([sentRevision(0), sentRevision(1)]).toEqual([3, 4]);
  });

  it('moves its base with an upload only when the upload was the next revision', async () => {
    put.mockResolvedValue({ ...stored, revision: 9 });
    useEditorStore.getState().uploaded(4);
    await useEditorStore.getState().save();
    // Someone else wrote between the upload and this copy's base: the next save must be refused.
    useEditorStore.getState().uploaded(11);
    await useEditorStore.getState().save();
    expect([sentRevision(0), sentRevision(1)]).toEqual([4, 9]);
  });

  it('keeps what was typed when a save is refused as stale, and deletes only with the revision', async () => {
    put.mockRejectedValue(new ApiError(409, STALE));
    useEditorStore.getState().setDetails({ name: 'Lounge seating' });
    await expect(useEditorStore.getState().save()).rejects.toThrow(STALE);
    expect(useEditorStore.getState()).toMatchObject({ error: STALE, dirty: true, project: { name: 'Lounge seating' } });
    remove.mockResolvedValue({});
    await useEditorStore.getState().remove();
    expect(remove).toHaveBeenCalledWith('/projects/p-1/', { params: { revision: 3 } });
  });
});
