import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { to } from '../../../lib/paths';
import { Alert } from '../../../components/Alert';
import { FormField } from '../../../components/FormField';
import { errorMessage } from '../../../lib/api-client';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { createOrganization, fetchOrganizations } from '../api/organizations';

/** Cache key of the organization list; a create invalidates it. */
const organizationsKey = ['organizations'] as const;

/** /internal/organizations/: list and create organizations. */
export function OrganizationListPage() {
  const load = useQuery({ queryKey: organizationsKey, queryFn: fetchOrganizations });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const { errors, submitting: busy, submit } = useFormSubmit(['name'] as const);

  async function onCreate(event: FormEvent) {
    event.preventDefault();
    await submit(name.trim() ? {} : { name: 'Please enter a name for the organization.' }, async () => {
      const created = await createOrganization(name.trim());
      setName('');
      await queryClient.invalidateQueries({ queryKey: organizationsKey });
      if (created.id !== '') void navigate(to.internalOrganization(created.id));
    });
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
      {load.isPending && <p role="status">Loading organizations…</p>}
      {load.isError && <Alert>{errorMessage(load.error)}</Alert>}
      {load.data?.length === 0 && <p>No organizations yet.</p>}
      {load.data && load.data.length > 0 && (
        <table>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Members</th>
            </tr>
          </thead>
          <tbody>
            {load.data.map((org) => (
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
