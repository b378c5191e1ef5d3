import { SITE_INFO } from '../siteInfo';

/** The department phone list, shared by the footer and the floating panel. */
export function DepartmentPhones() {
  return (
    <ul className="contact-list">
      {SITE_INFO.departmentPhones.map((item) => (
        <li key={item.department}>
          {item.department}：<span className="tabular">{item.phone}</span>
        </li>
      ))}
    </ul>
  );
}

/** Service hours (spec: weekdays 8:30-12:00, afternoons 14:30-17:30 in summer, 13:30-17:30 in winter). */
export function ServiceHours() {
  const { serviceHours: hours } = SITE_INFO;
  return (
    <>
      <p>{hours.weekdays}</p>
      <p>上午 {hours.morning}</p>
      <p>下午 {hours.summerAfternoon}（夏季）</p>
      <p>下午 {hours.winterAfternoon}（冬季）</p>
    </>
  );
}
