import { useParams } from 'react-router-dom';
import { Placeholder } from '../../../components/Placeholder';

/** PLACEHOLDER — /internal/projects/{id}: internal project detail (issue 7, part 2). */
export function InternalProjectDetailPlaceholder() {
  const { id = '' } = useParams();
  return <Placeholder screen="Internal project detail" detail={`Project ${id}: pricing, notes, pause, reminders and invoices are not available here yet.`} />;
}

/** PLACEHOLDER — /internal/projects/{id}/pdf: the printable project PDF (issue 7, part 2). */
export function InternalProjectPdfPlaceholder() {
  const { id = '' } = useParams();
  return <Placeholder screen="Project PDF" detail={`The printable sheet for project ${id} is not available yet.`} />;
}
