import { useParams } from 'react-router-dom';
import { Placeholder } from '../../../components/Placeholder';

/** PLACEHOLDER — /projects/editor/: project creation arrives with the editor pass (issue 7, part 2). */
export function ProjectCreatePlaceholder() {
  return <Placeholder screen="Project creation" detail="Creating a project in the editor is not available yet." />;
}

/** PLACEHOLDER — /projects/editor/{id}/edit: the project editor (issue 7, part 2). */
export function ProjectEditorPlaceholder() {
  const { id = '' } = useParams();
  return <Placeholder screen="Project editor" detail={`Editing project ${id} is not available yet.`} />;
}

/** PLACEHOLDER — /projects/editor/{id}: the project summary (issue 7, part 2). */
export function ProjectSummaryPlaceholder() {
  const { id = '' } = useParams();
  return <Placeholder screen="Project summary" detail={`The summary of project ${id} is not available yet.`} />;
}
