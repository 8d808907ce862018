import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { to } from '../../../lib/paths';
import { Alert } from '../../../components/Alert';
import { FormField } from '../../../components/FormField';
import { errorMessage } from '../../../lib/api-client';
import { formErrorsFrom, type FormErrors } from '../../../lib/form-errors';
import { createOrganization, fetchOrganizations, type Organization } from '../api/organizations';

type Load = { kind: 'loading' } | { kind: 'ready'; organizations: Organization[] } | { kind: 'failed'; message: string };

/** /internal/organizations/: list and create organizations. */
export function OrganizationListPage() {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FormErrors<'name'>>({ fields: {} });
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(() => {
    fetchOrganizations().then(
      (organizations) => setLoad({ kind: 'ready', organizations }),
      (error: unknown) => setLoad({ kind: 'failed', message: errorMessage(error) }),
    );
  }, []);
  useEffect(refresh, [refresh]);

  async function onCreate(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setErrors({ fields: { name: 'Please enter a name for the organization.' } });
      return;
    }
    setBusy(true);
    setErrors({ fields: {} });
    try {
      const created = await createOrganization(name.trim());
      setName('');
      if (created.id !== '') void navigate(to.internalOrganization(created.id));
      else refresh();
    } catch (error) {
      setErrors(formErrorsFrom(error, ['name'] as const));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section>
      <h1>Organizations</h1>
      <form onSubmit={onCreate} noValidate aria-label="New organization" className="inline-form">
        {errors.form && <Alert>{errors.form}</Alert>}
        <FormField label="New organization name" name="name" value={name} onChange={(e) => setName(e.target.value)} error={errors.fields.name} />
        <button type="submit" disabled={busy}>
          Create organization
        </button>
      </form>
      {load.kind === 'loading' && <p role="status">Loading organizations…</p>}
      {load.kind === 'failed' && <Alert>{load.message}</Alert>}
      {load.kind === 'ready' && load.organizations.length === 0 && <p>No organizations yet.</p>}
      {load.kind === 'ready' && load.organizations.length > 0 && (
        <table>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Members</th>
            </tr>
          </thead>
          <tbody>
            {load.organizations.map((org) => (
              <tr key={org.id}>
                <td>
                  <Link to={to.internalOrganization(org.id)}>{org.name || `Organization ${org.id}`}</Link>
                </td>
                <td>{org.members.length}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
