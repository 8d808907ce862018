import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { Layout } from './Layout';
import { paths } from './paths';
import { LandingPage } from '../features/landing/components/LandingPage';

export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<Layout />}>
          <Route path={paths.landing} element={<LandingPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
