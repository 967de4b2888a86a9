//! What a game shows the page after every move: its cells, laid out on a grid, and one
//! line of status. The page draws any game from it alone.

use serde_json::{Value, json};

use super::Progress;

/// One cell of the board, a button on the page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cell {
    /// What the page sends back when the cell is chosen (`data-cell`).
    pub id: usize,
    /// Grid row and column, from 0.
    pub row: usize,
    pub column: usize,
    /// Style classes, space-separated (`chocolate`, `black`, `statue`, `piece-a`...).
    pub kind: String,
    /// The short text drawn in the cell.
    pub text: String,
    /// What a screen reader says for the cell.
    pub label: String,
}

/// The whole of what the page shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct View {
    pub rows: usize,
    pub columns: usize,
    /// Grid columns each cell spans (2 for the hexagon, whose rows are offset by one).
    pub span: usize,
    pub cells: Vec<Cell>,
    /// Whose turn, what happened, a refusal, or who won.
    pub status: String,
    pub progress: Progress,
    /// The reader's last move was refused (the status says why).
    pub refused: bool,
    /// The cells the last move changed, to highlight.
    pub changed: Vec<usize>,
}

impl View {
    /// The view as the page reads it.
    pub fn to_json(&self) -> String {
        let cells: Vec<Value> = self
            .cells
            .iter()
            .map(|cell| {
                json!({
                    "id": cell.id,
                    "row": cell.row,
                    "column": cell.column,
                    "kind": cell.kind,
                    "text": cell.text,
                    "label": cell.label,
                })
            })
            .collect();
        let progress = match self.progress {
            Progress::Playing => "playing",
            Progress::ReaderWon => "won",
            Progress::ReaderLost => "lost",
        };
        json!({
            "rows": self.rows,
            "columns": self.columns,
            "span": self.span,
            "cells": cells,
            "status": self.status,
            "progress": progress,
            "refused": self.refused,
            "changed": self.changed,
        })
        .to_string()
    }
}
