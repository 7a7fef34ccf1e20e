import { TeamSettings } from '@/features/identity/team/components/team-settings';
import { StudentList } from './student-list';

/** Personer: the learners and their progress, then the team (its members and invitations). */
export default function PeopleSection({ userId }: { userId: string }) {
  return (
    <>
      <StudentList userId={userId} />
      <TeamSettings />
    </>
  );
}
