import { buildFabricsResponse, buildProductsResponse, formatPrice, quoteLineItemPrice, seedFabrics, seedProducts, validationMessages as m } from '@shop/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { createQueryClient } from '../../../lib/query-client';
import { emptyProfile } from '../../../lib/user-profile';
import { useSessionStore } from '../../../lib/session/session-store';
import { writePendingRegistration } from '../../../lib/session/guest-registration';
import { GUEST_PROJECT_KEY } from '../stores/guest-project';
import { useEditorStore } from '../stores/editor-store';
import { ProjectEditorPage } from './ProjectEditorPage';

vi.mock('../../../lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/api-client')>();
  return { ...actual, apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() } };
});
const get = vi.mocked(apiClient.get);
const post = vi.mocked(apiClient.post);
const put = vi.mocked(apiClient.put);

function renderEditor(path = '/projects/editor/guest/edit', client = createQueryClient()) {
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/" element={<h1>Landing</h1>} />
          <Route path="/projects/editor/:id/edit" element={<ProjectEditorPage />} />
          <Route path="/projects/editor/:id" element={<h1>Summary</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Opens the guest editor with one fabric and one pillow item, and answers the item's fieldset. */
async function pillowItem() {
  const user = userEvent.setup();
  renderEditor();
  await user.click(await screen.findByRole('button', { name: 'Add fabric' }));
  await user.click(screen.getByRole('button', { name: 'Add item to fabric 1' }));
  return { user, item: screen.getByRole('group', { name: 'Pillow 1' }) };
}

beforeEach(() => {
  window.localStorage.clear();
  useEditorStore.getState().reset();
  useEditorStore.setState({ catalogue: { products: [], types: {}, categories: [], fabrics: [] } });
  useSessionStore.setState({ user: { ...emptyProfile }, status: 'ready' });
  get.mockReset();
  get.mockImplementation((path: string) => {
    if (path === '/products/') return Promise.resolve(buildProductsResponse(seedProducts));
    if (path === '/fabrics/') return Promise.resolve(buildFabricsResponse(seedFabrics));
    return Promise.reject(new Error(`unexpected GET ${path}`));
  });
});

describe('project editor: SPEC §5 messages beside their fields, before saving', () => {
  it('asks a new fabric for its name and items', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Add fabric' }));
    expect(screen.getByLabelText('Fabric name')).toHaveAccessibleDescription(m.fabricName);
    expect(screen.getByText(m.fabricItems)).toBeInTheDocument();
  });

  it('walks a pillow from "select a style" to complete', async () => {
    const { user, item } = await pillowItem();
    expect(within(item).getByLabelText('Style')).toHaveAccessibleDescription(m.style);

    await user.selectOptions(within(item).getByLabelText('Style'), 'Alex');
    expect(within(item).getByLabelText('Size')).toHaveAccessibleDescription(m.size);
    expect(within(item).getByLabelText('Insert')).toHaveAccessibleDescription(m.insert);
    expect(within(item).getByLabelText('Trim')).toHaveAccessibleDescription(m.trim);

    await user.selectOptions(within(item).getByLabelText('Size'), '18x18');
    await user.selectOptions(within(item).getByLabelText('Insert'), 'poly');
    await user.selectOptions(within(item).getByLabelText('Trim'), 'none');
    expect(within(item).queryByText(m.size)).not.toBeInTheDocument();
    expect(within(item).queryByText(m.insert)).not.toBeInTheDocument();
    expect(within(item).queryByText(m.trim)).not.toBeInTheDocument();
  });

  it('wants a description and an image of the piping', async () => {
    const { user, item } = await pillowItem();
    await user.selectOptions(within(item).getByLabelText('Style'), 'Alex');
    await user.selectOptions(within(item).getByLabelText('Trim'), 'P');
    expect(within(item).getByLabelText('Piping description')).toHaveAccessibleDescription(m.pipingDetails);
    expect(within(item).getByText(/thin cord covered in a fabric you supply/)).toBeInTheDocument();
    await user.type(within(item).getByLabelText('Piping description'), 'Navy cord');
    expect(within(item).getByLabelText('Piping image')).toHaveAccessibleDescription(m.pipingDetails);
  });

  it('asks for a quantity above 0', async () => {
    const { user, item } = await pillowItem();
    await user.clear(within(item).getByLabelText('Quantity'));
    expect(within(item).getByLabelText('Quantity')).toHaveAccessibleDescription(m.quantity);
  });

  it('Skylar needs a channel width; a cushion too long asks for smaller dimensions', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Add fabric' }));
    await user.selectOptions(screen.getByLabelText('Product type'), 'C');
    await user.click(screen.getByRole('button', { name: 'Add item to fabric 1' }));
    const item = screen.getByRole('group', { name: 'Cushion 1' });
    await user.selectOptions(within(item).getByLabelText('Style'), 'Skylar');
    await user.type(within(item).getByLabelText('Length (in)'), '130');
    await user.type(within(item).getByLabelText('Width (in)'), '20');
    await user.type(within(item).getByLabelText('Height (in)'), '4');
    expect(within(item).getByLabelText('Channel width (in)')).toHaveAccessibleDescription(m.allDimensions);
    await user.type(within(item).getByLabelText('Channel width (in)'), '3');
    expect(within(item).getByLabelText('Length (in)')).toHaveAccessibleDescription(m.smallerDimensions);
  });

  it('a custom item (Something Else?) asks for a name and a description', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Add fabric' }));
    await user.selectOptions(screen.getByLabelText('Category'), 'X');
    await user.click(screen.getByRole('button', { name: 'Add item to fabric 1' }));
    const item = screen.getByRole('group', { name: 'Custom 1' });
    expect(within(item).getByLabelText('Product name')).toHaveAccessibleDescription(m.customName);
    expect(within(item).getByLabelText('Description')).toHaveAccessibleDescription(m.customDescription);
  });
});

describe('project editor: style rules and live price from domain pricing', () => {
  it('shows Price TBD until the item matches a product, then the domain price times the quantity', async () => {
    const { user, item } = await pillowItem();
    expect(within(item).getByTestId('item-price')).toHaveTextContent('Price TBD');
    await user.selectOptions(within(item).getByLabelText('Style'), 'Alex');
    await user.selectOptions(within(item).getByLabelText('Size'), '18x18');
    await user.selectOptions(within(item).getByLabelText('Insert'), 'down');
    await user.selectOptions(within(item).getByLabelText('Trim'), 'P');
    const expected = (quantity: number) =>
      formatPrice(
        quoteLineItemPrice(
          { product_id: 1, product_type: 'P', product_style: 'Alex', size: '18x18', insert: 'down', product_trim: 'P', quantity },
          { source: 'customer', unit_price: null },
          seedProducts,
        ),
      );
    // 9500 + down 3500 + piping 1500 = 14500 cents, already a multiple of 500.
    expect(expected(1)).toBe('$145.00');
    expect(within(item).getByTestId('item-price')).toHaveTextContent(expected(1));
    await user.clear(within(item).getByLabelText('Quantity'));
    await user.type(within(item).getByLabelText('Quantity'), '3');
    expect(within(item).getByTestId('item-price')).toHaveTextContent(expected(3));
    expect(screen.getByTestId('project-total')).toHaveTextContent(expected(3));
  });

  it('prices the shop’s fabric into the line when it is chosen from the catalogue', async () => {
    const { user, item } = await pillowItem();
    await user.selectOptions(within(item).getByLabelText('Style'), 'Alex');
    await user.selectOptions(within(item).getByLabelText('Size'), '18x18');
    await user.selectOptions(within(item).getByLabelText('Insert'), 'poly');
    const before = within(item).getByTestId('item-price').textContent;
    await user.selectOptions(screen.getByLabelText('Fabric source'), 'shop');
    expect(within(item).getByTestId('item-price')).toHaveTextContent('Price TBD'); // no fabric picked: no fabric price yet
    await user.selectOptions(screen.getByLabelText('Catalogue fabric'), 'F-LIN-NAT');
    expect(within(item).getByTestId('item-price').textContent).not.toBe(before);
    expect(within(item).getByTestId('item-price')).toHaveTextContent(/^\$\d/);
  });

  it('Patty fills with quilted down; choosing another style resets the choices', async () => {
    const { user, item } = await pillowItem();
    await user.selectOptions(within(item).getByLabelText('Style'), 'Patty');
    expect(within(item).getByLabelText('Insert')).toHaveValue('ql_down');
    await user.selectOptions(within(item).getByLabelText('Style'), 'Alex');
    expect(within(item).getByLabelText('Insert')).toHaveValue('');
  });

  it('keeps the guest project in local storage', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.type(await screen.findByLabelText('Project name'), 'Sofa pillows');
    expect(JSON.parse(window.localStorage.getItem(GUEST_PROJECT_KEY) ?? '{}')).toMatchObject({ name: 'Sofa pillows' });
  });
});

describe('editor route rules (SPEC §2)', () => {
  it('sends a visitor who is not logged in away from a project id', async () => {
    renderEditor('/projects/editor/p-1/edit');
    expect(await screen.findByRole('heading', { name: 'Landing' })).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
  });

  it('loads products and fabrics before the project, and opens a non-draft at its summary', async () => {
    useSessionStore.setState({ user: { ...emptyProfile, user_id: 'u1', email: 'a@example.com' }, status: 'ready' });
    const order: string[] = [];
    get.mockImplementation((path: string) => {
      order.push(path);
      if (path === '/products/') return Promise.resolve(buildProductsResponse(seedProducts));
      if (path === '/fabrics/') return Promise.resolve(buildFabricsResponse(seedFabrics));
      return Promise.resolve({ id: 'p-1', name: 'Lounge', state: 'R', fabrics: [] });
    });
    renderEditor('/projects/editor/p-1/edit');
    expect(await screen.findByRole('heading', { name: 'Summary' })).toBeInTheDocument();
    expect(order).toEqual(['/products/', '/fabrics/', '/projects/p-1/']);
  });

  it('says the project is no longer in the account when a read after a live change is refused (a transfer, decision 0247)', async () => {
    useSessionStore.setState({ user: { ...emptyProfile, user_id: 'u1', email: 'a@example.com' }, status: 'ready' });
    let moved = false;
    get.mockImplementation((path: string) => {
      if (path === '/products/') return Promise.resolve(buildProductsResponse(seedProducts));
      if (path === '/fabrics/') return Promise.resolve(buildFabricsResponse(seedFabrics));
      if (moved) return Promise.reject(new ApiError(403, 'You are not allowed to do this.'));
      return Promise.resolve({ id: 'p-1', name: 'Lounge', state: 'D', fabrics: [], revision: 2 });
    });
    const client = createQueryClient();
    renderEditor('/projects/editor/p-1/edit', client);
    expect(await screen.findByRole('button', { name: 'Add fabric' })).toBeInTheDocument();
    // What the live push does with a change message naming the project (features/live/api/invalidations.ts).
    moved = true;
    await client.invalidateQueries({ queryKey: queryKeys.project('p-1') });
    expect(await screen.findByText('This project is no longer in your account: it may have been moved to another one.')).toBeInTheDocument();
  });

  it('shows a guest who sent their registration link their saved project and where the link went, with no save that cannot work (issue 39)', async () => {
    useSessionStore.setState({ user: { ...emptyProfile, user_id: 'g-1', email: '' }, status: 'ready' });
    writePendingRegistration({ email: 'gia@example.com', projectId: 'p-9', projectName: 'Lounge' });
    renderEditor();
    expect(await screen.findByRole('heading', { name: 'Your project is waiting for your registration' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('We sent a registration link to gia@example.com.');
    expect(screen.getByRole('link', { name: 'Lounge' })).toHaveAttribute('href', '/projects/editor/p-9/edit');
    expect(screen.queryByRole('button', { name: /Save/ })).not.toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
  });

  it("offers a guest no copy of their saved project (a copy is a new project, which needs an account)", async () => {
    useSessionStore.setState({ user: { ...emptyProfile, user_id: 'g-1', email: '' }, status: 'ready' });
    get.mockImplementation((path: string) => {
      if (path === '/products/') return Promise.resolve(buildProductsResponse(seedProducts));
      if (path === '/fabrics/') return Promise.resolve(buildFabricsResponse(seedFabrics));
      return Promise.resolve({ id: 'p-9', name: 'Lounge', state: 'D', fabrics: [] });
    });
    renderEditor('/projects/editor/p-9/edit');
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy project' })).not.toBeInTheDocument();
  });
});

describe('copying a project (SPEC §5 copy rule, applied by the server)', () => {
  const stored = { id: 'p-1', name: 'Lounge', state: 'D', fabrics: [{ id: 'F-COT-FLR', name: 'Printed Cotton Floral', unit_price: 3200, items: [] }] };
  const copied = { id: 'p-2', name: 'COPY OF: Lounge', state: 'D', fabrics: [{ id: 'undecided-F-COT-FLR', name: 'Undecided', unit_price: 0, items: [] }], revision: 0 };

  beforeEach(() => {
    useSessionStore.setState({ user: { ...emptyProfile, user_id: 'u1', email: 'a@example.com' }, status: 'ready' });
    get.mockImplementation((path: string) => {
      if (path === '/products/') return Promise.resolve(buildProductsResponse(seedProducts));
      if (path === '/fabrics/') return Promise.resolve(buildFabricsResponse(seedFabrics));
      if (path === '/projects/p-1/') return Promise.resolve(stored);
      if (path === '/projects/p-2/') return Promise.resolve(copied);
      return Promise.reject(new Error(`unexpected GET ${path}`));
    });
    post.mockReset();
    put.mockReset();
    post.mockResolvedValue(copied);
  });

  it('asks the server to copy the stored project with copy_from, then opens the copy', async () => {
    const user = userEvent.setup();
    renderEditor('/projects/editor/p-1/edit');
    await user.click(await screen.findByRole('button', { name: 'Copy project' }));
    expect(post).toHaveBeenCalledWith('/projects/', { copy_from: 'p-1' });
    expect(put).not.toHaveBeenCalled();
    expect(await screen.findByDisplayValue('COPY OF: Lounge')).toBeInTheDocument();
    expect(screen.getByLabelText('Fabric name')).toHaveValue('Undecided');
    // The copy is read as soon as it is written: the read side waits for its revision.
    expect(get).toHaveBeenCalledWith('/projects/p-2/', { headers: { 'X-Min-Revision': 'project-p-2@0' } });
  });

  it('saves unsaved edits of the draft before copying it', async () => {
    put.mockImplementation((_path: string, body: unknown) => Promise.resolve({ ...stored, ...(body as object), revision: 1 }));
    const user = userEvent.setup();
    renderEditor('/projects/editor/p-1/edit');
    const name = await screen.findByLabelText('Project name');
    await user.clear(name);
    await user.type(name, 'Lounge seating');
    await user.click(screen.getByRole('button', { name: 'Copy project' }));
    await screen.findByDisplayValue('COPY OF: Lounge');
    expect(put).toHaveBeenCalledWith('/projects/p-1/', expect.objectContaining({ id: 'p-1', name: 'Lounge seating', state: 'D' }));
    expect(put.mock.invocationCallOrder[0]).toBeLessThan(post.mock.invocationCallOrder[0]!);
  });
});
