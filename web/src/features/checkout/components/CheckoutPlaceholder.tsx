import { useParams } from 'react-router-dom';
import { Placeholder } from '../../../components/Placeholder';

/** PLACEHOLDER — /invoice/{id}: checkout arrives with the pricing pass (issue 7, part 2). */
export function CheckoutPlaceholder() {
  const { id = '' } = useParams();
  return <Placeholder screen="Checkout" detail={`Paying for project ${id} is not available yet.`} />;
}
