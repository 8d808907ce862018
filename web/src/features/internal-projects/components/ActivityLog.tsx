import { activityKindLabels } from '@shop/domain';
import type { InternalProject } from '../api/internal-projects';
import { dateTime } from './detail-helpers';
import { Panel } from './Panel';

/** The project's activity in words (read model), newest as the server orders it. */
export function ActivityLog({ activity }: { activity: InternalProject['activity'] }) {
  return (
    <Panel title="Activity log">
      {activity.length === 0 ? (
        <p>No activity yet.</p>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Kind</th>
                <th scope="col">What</th>
                <th scope="col">By</th>
              </tr>
            </thead>
            <tbody>
              {activity.map((entry, index) => (
                <tr key={index}>
                  <td>{dateTime(entry.at)}</td>
                  <td>{activityKindLabels[entry.kind] ?? entry.kind}</td>
                  <td>{entry.text}</td>
                  <td>{entry.actor_in_words}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}
