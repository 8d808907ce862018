import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { paths, to } from '../../../lib/paths';
import { Alert } from '../../../components/Alert';
import { FormField } from '../../../components/FormField';
import { errorMessage } from '../../../lib/api-client';
import { formatCents, formatDate } from '../../../lib/format';
import { projectStateLabel } from '../../../lib/project-labels';
import { EMAIL_MESSAGE, isValidEmail } from '../../../lib/validation';
import {
  addMember,
  deleteOrganization,
  fetchOrganization,
  fetchShippedProjects,
  removeMember,
  renameOrganization,
  type Organization,
} from '../api/organizations';

/** Under the list's key, so a change here also refreshes the organization list. */
const organizationKey = (id: string) => ['organizations', id] as const;

/** /internal/organizations/{id}: rename, delete, members, shipped projects. */
export function OrganizationDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const load = useQuery({ queryKey: organizationKey(id), queryFn: () => fetchOrganization(id) });
  const shipped = useQuery({ queryKey: [...organizationKey(id), 'shipped'], queryFn: () => fetchShippedProjects(id) });
  // What staff typed; until then the field shows the stored name.
  const [typedName, setName] = useState<string | null>(null);
  const name = typedName ?? load.data?.name ?? '';
  const [memberEmail, setMemberEmail] = useState('');
  const [memberError, setMemberError] = useState<string>();
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string }>();
  const [busy, setBusy] = useState(false);

  /** The list is read again; this page reads the organization at the revision the write answered, so it shows that write. */
  const refresh = async (written: Organization) => {
    queryClient.setQueryData(organizationKey(id), await fetchOrganization(id, written.revision).catch(() => written));
    void queryClient.invalidateQueries({ queryKey: ['organizations'], exact: true });
  };
  // The organization this render shows: its revision goes with every write.
  const shown = load.data ?? { id, revision: -1 };

  async function act(action: () => Promise<Organization>, success: string): Promise<boolean> {
    setBusy(true);
    setNotice(undefined);
    try {
      await refresh(await action());
      setNotice({ kind: 'success', text: success });
      return true;
    } catch (error) {
      setNotice({ kind: 'error', text: errorMessage(error) });
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function onRename(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setNotice({ kind: 'error', text: 'Please enter a name for the organization.' });
      return;
    }
    await act(() => renameOrganization(shown, name.trim()), 'The organization has been renamed.');
  }

  async function onDelete() {
    if (!window.confirm('Delete this organization? Its members keep their accounts and projects.')) return;
    if (await act(() => deleteOrganization(shown), 'The organization has been deleted.')) void navigate(paths.internalOrganizations);
  }

  async function onAddMember(event: FormEvent) {
    event.preventDefault();
    if (!isValidEmail(memberEmail)) {
      setMemberError(EMAIL_MESSAGE);
      return;
    }
    setMemberError(undefined);
    const email = memberEmail.trim();
    if (await act(() => addMember(shown, email), `${email} has been added.`)) setMemberEmail('');
  }

  async function onRemoveMember(email: string) {
    await act(() => removeMember(shown, email), `${email} has been removed.`);
  }

  if (load.isPending) return <p role="status">Loading organization…</p>;
  if (load.isError) {
    return (
      <section>
        <h1>Organization</h1>
        <Alert>{errorMessage(load.error)}</Alert>
        <Link to={paths.internalOrganizations}>Back to organizations</Link>
      </section>
    );
  }
  const org = load.data;

  return (
    <section>
      <p>
        <Link to={paths.internalOrganizations}>Back to organizations</Link>
      </p>
      <h1>{org.name || `Organization ${id}`}</h1>
      {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}

      <form onSubmit={onRename} noValidate aria-label="Rename organization" className="inline-form">
        <FormField label="Organization name" name="name" value={name} onChange={(e) => setName(e.target.value)} />
        <button type="submit" disabled={busy}>
          Rename
        </button>
        <button type="button" className="danger" onClick={() => void onDelete()} disabled={busy}>
          Delete organization
        </button>
      </form>

      <h2>Members</h2>
      {org.members.length === 0 ? (
        <p>No members yet.</p>
      ) : (
        <ul className="member-list">
          {org.members.map((m) => (
            <li key={m.email}>
              {m.name ? `${m.name} (${m.email})` : m.email}{' '}
              <button type="button" onClick={() => void onRemoveMember(m.email)} disabled={busy} aria-label={`Remove ${m.email}`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={onAddMember} noValidate aria-label="Add member" className="inline-form">
        <FormField label="Member e-mail" name="email" type="email" value={memberEmail} onChange={(e) => setMemberEmail(e.target.value)} error={memberError} />
        <button type="submit" disabled={busy}>
          Add member
        </button>
      </form>

      <h2>Shipped projects</h2>
      {shipped.isPending && <p role="status">Loading shipped projects…</p>}
      {shipped.isError && <Alert>{errorMessage(shipped.error)}</Alert>}
      {shipped.data?.length === 0 && <p>No shipped projects.</p>}
      {shipped.data && shipped.data.length > 0 && (
        <table>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">State</th>
              <th scope="col">Paid</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {shipped.data.map((p) => (
              <tr key={p.id}>
                <td>
                  <Link to={to.internalProject(p.id)}>{p.name || 'Untitled project'}</Link>
                </td>
                <td>{projectStateLabel(p.state)}</td>
                <td>{formatDate(p.paid)}</td>
                <td>{formatCents(p.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
