import { createPortal } from 'react-dom';
import './device-print.css';
import { type VisitorCard, qrImage } from './device-api';

/** The cards as printed: a sheet directly under <body>, shown only in print, holding the approved cards. */
export function PrintSheet({ cards }: { cards: readonly VisitorCard[] }) {
  return createPortal(
    <div className="visitor-card-sheet" data-testid="print-sheet">
      {cards.map((card) => (
        <div key={card.guestId} className="visitor-card-print">
          <img src={qrImage(card)} alt="" />
          <div className="line1">{card.line1}</div>
          <div className="line2">{card.line2}</div>
        </div>
      ))}
    </div>,
    document.body,
  );
}
