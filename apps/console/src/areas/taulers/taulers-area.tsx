/**
 * «Taulers», mounted by the console's shell at /taulers/*: the list of dashboards, and each one
 * (`/taulers/home` the person's own) with its tiles.
 */
import { Route, Routes } from 'react-router';
import { DashboardList } from './dashboard-list';
import { DashboardPage } from './dashboard-page';
import './taulers.css';

export default function TaulersArea() {
  return (
    <Routes>
      <Route index element={<DashboardList />} />
      <Route path=":id" element={<DashboardPage />} />
    </Routes>
  );
}
